// Writes src/version.ts from package.json, so the version is a constant in the code: bundlers
// then need no package.json next to it. Run by `build`; a test checks that it is current.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const text = `// Generated from package.json by scripts/write-version.mjs. Do not edit.\nexport const VERSION = ${JSON.stringify(version)};\n`;
const file = join(root, "src", "version.ts");
let current = "";
try {
  current = readFileSync(file, "utf8");
} catch {}
if (current !== text) writeFileSync(file, text);
