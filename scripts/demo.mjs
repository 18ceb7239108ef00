// `npm run demo`: a short tour of the packages, run from their builds.
import { displayOf, forComparison, forDisplay, HostnameError } from "@tofukit/hostname";

const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[22m` : s);

process.stdout.write(`${bold("@tofukit/hostname")} — friendly hostnames as OpenTofu normalizes them\n\n`);
const names = [
  "registry.opentofu.org",
  "Bücher.example:443",
  "MÜNCHEN.DE:08080",
  "ｅｘａｍｐｌｅ．ｃｏｍ",
  "faß.de",
  "xn--bcher-kva.example",
  "https://registry.example.com",
  "foo_bar.example",
];
const width = Math.max(...names.map((n) => n.length)) + 2;
for (const name of names) {
  try {
    const host = forComparison(name);
    process.stdout.write(`  ${name.padEnd(width)} → ${host}  (shown as ${displayOf(host)})\n`);
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    process.stdout.write(`  ${name.padEnd(width)} ✘ ${error.message}\n`);
    process.stdout.write(`  ${"".padEnd(width)}   (${error.code}; forDisplay: ${forDisplay(name)})\n`);
  }
}
