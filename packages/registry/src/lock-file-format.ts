// Writing `.terraform.lock.hcl` byte for byte as `tofu init` does (depsfile.SaveLocksToBytes and
// hclwrite): the two header comments, providers in address order, `=` aligned across the
// single-line attributes, hashes sorted and de-duplicated one per line.
import type { ProviderLock } from "./lock-file.js";

const HEADER =
  '# This file is maintained automatically by "tofu init".\n# Manual edits may be lost in future updates.\n';

// hclwrite.TokensForValue of a string: quoted, with HCL's escapes, template introducers doubled
// and characters Go's unicode.IsPrint refuses written as \uXXXX or \UXXXXXXXX.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

function quote(s: string): string {
  let out = '"';
  let i = 0;
  for (const ch of s) {
    if (ch === "\\") out += "\\\\";
    else if (ch === '"') out += '\\"';
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "$" || ch === "%") out += s[i + 1] === "{" ? ch + ch : ch;
    else if (PRINTABLE.test(ch)) out += ch;
    else {
      const cp = ch.codePointAt(0)!;
      out +=
        cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, "0")}` : `\\U${cp.toString(16).padStart(8, "0")}`;
    }
    i += ch.length;
  }
  return `${out}"`;
}

function providerBlock(lock: ProviderLock): string {
  const single: [string, string][] = [["version", quote(lock.version.toString())]];
  const constraints = lock.constraints.toString();
  if (constraints !== "") single.push(["constraints", quote(constraints)]);
  const width = Math.max(...single.map(([name]) => name.length));
  let out = `provider ${quote(lock.provider.toString())} {\n`;
  for (const [name, value] of single) out += `  ${name.padEnd(width)} = ${value}\n`;
  const hashes = [...new Set(lock.hashes)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (hashes.length > 0) {
    out += "  hashes = [\n";
    for (const h of hashes) out += `    ${quote(h)},\n`;
    out += "  ]\n";
  }
  return `${out}}\n`;
}

/**
 * The lock file `tofu init` writes for these locks: providers sorted by host, namespace and type
 * (as stored), `constraints` and `hashes` left out when empty.
 */
export function formatLockFile(locks: Iterable<ProviderLock>): string {
  const sorted = [...locks].sort((a, b) =>
    a.provider.lessThan(b.provider) ? -1 : b.provider.lessThan(a.provider) ? 1 : 0,
  );
  let out = HEADER;
  for (const lock of sorted) out += `\n${providerBlock(lock)}`;
  return out;
}
