// Writes screenshot-playground.png from the built site (run `pnpm build` in apps/docs first).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import { sourceResolve } from "./source-resolve.mjs";

const docsRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const { module } = await runnerImport(join(docsRoot, "test/screenshot.ts"), {
  configFile: false,
  ...sourceResolve,
});
process.stdout.write(`${await module.screenshotPlayground(docsRoot)}\n`);
