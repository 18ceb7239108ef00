// How the docs' Node-side code (generators, tests) resolves the workspace: sibling packages from
// their src/ through the @tofukit/source condition, and the CLI's command definitions (the CLI
// publishes no modules) straight from its sources.
import { fileURLToPath } from "node:url";

export const conditions = ["@tofukit/source", "module", "node", "development|production"];

export const alias = {
  "@tofukit/cli/program": fileURLToPath(new URL("../../cli/src/program.ts", import.meta.url)),
  "@tofukit/cli/io": fileURLToPath(new URL("../../cli/src/io.ts", import.meta.url)),
  "@tofukit/cli/main": fileURLToPath(new URL("../../cli/src/main.ts", import.meta.url)),
};

export const sourceResolve = { resolve: { conditions, alias }, ssr: { resolve: { conditions } } };
