// The end-to-end tests run the built `tofukit`: build it (and what it depends on) first.
// turbo's cache makes this a no-op when nothing changed.
import { execFileSync } from "node:child_process";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
  execFileSync(
    join(root, "node_modules", ".bin", "turbo"),
    ["run", "build", "--filter=@tofukit/cli", "--output-logs=errors-only"],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        TURBO_TELEMETRY_DISABLED: "1",
        PATH: `${join(root, ".tools", "pnpm", "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}`,
      },
    },
  );
}
