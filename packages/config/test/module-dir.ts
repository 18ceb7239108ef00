// Modules as real files in temporary directories, for the tests of the Node entry point.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export function moduleDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-config-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
