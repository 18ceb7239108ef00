// `npm run build` and the other root scripts that run turbo: with the pinned pnpm on PATH (turbo
// needs the package manager's binary), so they work from a fresh clone without a global pnpm.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { envWithPnpm, repoRoot } from "./pnpm-bootstrap.mjs";

const result = spawnSync(join(repoRoot, "node_modules", ".bin", "turbo"), process.argv.slice(2), {
  stdio: "inherit",
  cwd: repoRoot,
  env: envWithPnpm(),
});
if (result.error) {
  process.stderr.write(
    `${result.error.message}\n(run npm test or npm run demo once: they install the dependencies)\n`,
  );
  process.exit(1);
}
process.exit(result.status ?? 1);
