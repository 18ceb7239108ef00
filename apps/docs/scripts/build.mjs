// `pnpm build` of the documentation: generate the reference pages from the sources, then build
// the static site into dist/ with VitePress (which fails on a broken internal link).
// `--serve` serves the site locally (`vitepress dev`) once the reference pages are written.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import { sourceResolve } from "./source-resolve.mjs";

const docsRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = join(docsRoot, "..", "..");

// The generators are TypeScript that imports sibling sources: load them as the tests do.
const { module } = await runnerImport(join(docsRoot, "src/generate/generate.ts"), {
  configFile: false,
  ...sourceResolve,
  logLevel: "warn",
});
const started = Date.now();
await module.generateReference(repoRoot, docsRoot);
process.stdout.write(`reference pages generated in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const vitepress = join(docsRoot, "node_modules", ".bin", "vitepress");
const serve = process.argv.includes("--serve");
const result = spawnSync(vitepress, [serve ? "dev" : "build", "src"], { cwd: docsRoot, stdio: "inherit" });
process.exit(result.status ?? 1);
