// The default theme with the playground component. VitePress loads a theme as a module's default export.
import type { Theme } from "vitepress";
import DefaultTheme from "vitepress/theme";
import Playground from "./Playground.vue";
import "./playground.css";

const theme: Theme = {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component("Playground", Playground);
  },
};

export default theme;
