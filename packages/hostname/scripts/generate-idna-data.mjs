// Builds src/generated/idna-data.ts: a compact per-code-point property table for UTS #46
// processing, derived from the Unicode data that the tr46 package ships (its IDNA mapping table
// and its bidi, joining and combining-mark character classes).
//
// Usage: node scripts/generate-idna-data.mjs [--check]
//   --check  exit 1 if the committed file differs from what the current tr46 data produces.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const mappingTable = require("tr46/lib/mappingTable.json");
const regexes = require("tr46/lib/regexes.js");
const tr46Version = require("tr46/package.json").version;

const outFile = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "generated", "idna-data.ts");

// Status codes of tr46's table.
const TR46 = { mapped: 1, valid: 2, disallowed: 3, deviation: 6, ignored: 7 };
// Our status codes (see src/idna-properties.ts).
const S = { valid: 0, mapped: 1, deviation: 2, ignored: 3, disallowed: 4 };
const JOINING = { none: 0, L: 1, D: 2, R: 3, T: 4 };
const BIDI = { other: 0, L: 1, RAL: 2, AN: 3, EN: 4, NSM: 5, neutral: 6 };

/** The bracketed character classes at the top level of a regex source, in order. */
function topLevelClasses(source) {
  const classes = [];
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "\\") {
      i++;
      continue;
    }
    if (source[i] !== "[") continue;
    let j = i + 1;
    while (source[j] !== "]") j += source[j] === "\\" ? 2 : 1;
    classes.push(new RegExp(`^${source.slice(i, j + 1)}$`, "u"));
    i = j;
  }
  return classes;
}

const [zwnjBefore, zwnjTransparent, zwnjAfter] = topLevelClasses(regexes.validZWNJ.source);
const nsm = topLevelClasses(regexes.bidiS3.source)[1];
const bidiAllowedRtl = topLevelClasses(regexes.bidiS2.source)[0];
const single = (re) => new RegExp(`^(?:${re.source})$`, "u");
const L = single(regexes.bidiS1LTR);
const RAL = single(regexes.bidiS1RTL);
const EN = single(regexes.bidiS4EN);
const AN = single(regexes.bidiS4AN);
const mark = single(regexes.combiningMarks);
const virama = single(regexes.combiningClassVirama);

// STD3 rules: the only ASCII allowed in a label are a-z, 0-9 and '-' ('.' separates labels).
const std3Ok = (s) => /^[a-z0-9.\-\u0080-\u{10FFFF}]*$/u.test(s);

const mappings = [""];
const mappingIndex = new Map([["", 0]]);
function internMapping(s) {
  let index = mappingIndex.get(s);
  if (index === undefined) {
    index = mappings.length;
    mappings.push(s);
    mappingIndex.set(s, index);
  }
  return index;
}

// Code points that can change under NFC next to others: those that stand after the first place
// of some canonical decomposition (they may compose with what precedes them). Together with
// combining marks (reordering) and code points that NFC changes on their own, they are the
// ones that make normalization necessary; text without them is already NFC.
const composesBackward = new Set();
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp === 0xd800) cp = 0xe000;
  const nfd = String.fromCodePoint(cp).normalize("NFD");
  const parts = Array.from(nfd);
  for (let i = 1; i < parts.length; i++) composesBackward.add(parts[i].codePointAt(0));
}
function nfcStable(text) {
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (composesBackward.has(cp) || mark.test(ch) || ch.normalize("NFC") !== ch) return false;
  }
  return true;
}

function properties(cp, entry) {
  const ch = String.fromCodePoint(cp);
  let status;
  let mapping = 0;
  switch (entry[1]) {
    case TR46.valid:
      status = std3Ok(ch) ? S.valid : S.disallowed;
      break;
    case TR46.mapped:
      status = std3Ok(entry[2]) ? S.mapped : S.disallowed;
      if (status === S.mapped) mapping = internMapping(entry[2]);
      break;
    case TR46.deviation:
      status = S.deviation;
      mapping = internMapping(entry[2] ?? "");
      break;
    case TR46.ignored:
      status = S.ignored;
      break;
    default:
      status = S.disallowed;
  }
  let joining = JOINING.none;
  const before = zwnjBefore.test(ch);
  const after = zwnjAfter.test(ch);
  if (before && after) joining = JOINING.D;
  else if (before) joining = JOINING.L;
  else if (after) joining = JOINING.R;
  else if (zwnjTransparent.test(ch)) joining = JOINING.T;
  let bidi = BIDI.other;
  if (L.test(ch)) bidi = BIDI.L;
  else if (RAL.test(ch)) bidi = BIDI.RAL;
  else if (AN.test(ch)) bidi = BIDI.AN;
  else if (EN.test(ch)) bidi = BIDI.EN;
  else if (nsm.test(ch)) bidi = BIDI.NSM;
  else if (bidiAllowedRtl.test(ch)) bidi = BIDI.neutral;
  // For mapped code points stability is that of the mapping: it is what reaches NFC.
  const output = status === S.mapped || (status === S.deviation && entry[2] !== undefined) ? entry[2] : ch;
  const stable = nfcStable(output) && (status !== S.deviation || nfcStable(ch));
  const flags =
    (mark.test(ch) ? 1 : 0) | (virama.test(ch) ? 2 : 0) | (joining << 2) | (bidi << 5) | (stable ? 256 : 0);
  return [status, mapping, flags];
}

// Walk every code point (surrogates excluded: they are never in a well-formed string).
const ranges = []; // [start, propIndex]
const props = [];
const propIndex = new Map();
let entryIndex = 0;
let previousKey = null;
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp === 0xd800) cp = 0xe000;
  while (true) {
    const e = mappingTable[entryIndex];
    const hi = Array.isArray(e[0]) ? e[0][1] : e[0];
    if (cp <= hi) break;
    entryIndex++;
  }
  const [status, mapping, flags] = properties(cp, mappingTable[entryIndex]);
  const key = `${status},${mapping},${flags}`;
  if (key === previousKey) continue;
  previousKey = key;
  let index = propIndex.get(key);
  if (index === undefined) {
    index = props.length;
    props.push([status, mapping, flags]);
    propIndex.set(key, index);
  }
  ranges.push([cp, index]);
}

// Encode: range starts as base-36 deltas, property indexes in base 36, both comma separated.
let last = 0;
const starts = ranges.map(([cp]) => {
  const delta = cp - last;
  last = cp;
  return delta.toString(36);
});
const propsText = props.map(([s, m, f]) => ((m * 8 + s) * 512 + f).toString(36)).join(",");
const source = `// Generated by scripts/generate-idna-data.mjs from tr46 ${tr46Version}. Do not edit.
// ${ranges.length} ranges, ${props.length} property sets, ${mappings.length} mappings.
export const TR46_VERSION = "${tr46Version}";
export const RANGE_STARTS = "${starts.join(",")}";
export const RANGE_PROPS = "${ranges.map(([, p]) => p.toString(36)).join(",")}";
export const PROPS = "${propsText}";
export const MAPPINGS = ${JSON.stringify(mappings.join("\u0000"))};
`;

if (process.argv.includes("--check")) {
  const current = readFileSync(outFile, "utf8");
  if (current !== source) {
    process.stderr.write(`${outFile} is out of date: run node scripts/generate-idna-data.mjs\n`);
    process.exit(1);
  }
} else {
  writeFileSync(outFile, source);
  process.stdout.write(`wrote ${outFile}: ${ranges.length} ranges, ${props.length} property sets\n`);
}
