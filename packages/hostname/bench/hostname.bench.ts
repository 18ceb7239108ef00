// Normalization itself, over many distinct names (no caching anywhere): one name per call,
// cycling through 10,000 of each kind.
import { createRequire } from "node:module";
import { bench, describe } from "vitest";
import { displayOf, forComparison, forDisplay, isValid } from "../src/index.js";

const require = createRequire(import.meta.url);
const tr46 = require("tr46") as { toASCII(domain: string, options: Record<string, boolean>): string | null };
const tr46Options = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDNSLength: false,
};

const COUNT = 10_000;
const ascii = Array.from({ length: COUNT }, (_, i) => `registry-${i}.app${i % 97}.example.com`);
const mixedCase = Array.from({ length: COUNT }, (_, i) => `Registry-${i}.Example.COM:${1024 + (i % 5000)}`);
const unicodeLabels = ["bücher", "münchen", "испытание", "例え", "faß", "σας", "straße", "ü"];
const unicode = Array.from(
  { length: COUNT },
  (_, i) => `${unicodeLabels[i % unicodeLabels.length]}${i}.example.com`,
);
const normalizedUnicode = unicode.map((name) => forComparison(name));
const invalid = Array.from(
  { length: COUNT },
  (_, i) => [`bad_${i}.example`, `xn--${i}.example`, `h${i}.example:99999`][i % 3]!,
);

function cycling(names: readonly string[], f: (name: string) => unknown): () => void {
  let i = 0;
  return () => {
    f(names[i]!);
    i = i + 1 === names.length ? 0 : i + 1;
  };
}

describe("forComparison", () => {
  bench("ASCII name", cycling(ascii, forComparison));
  bench("mixed-case ASCII name with port", cycling(mixedCase, forComparison));
  bench("Unicode name", cycling(unicode, forComparison));
  bench(
    "tr46.toASCII of the same Unicode names (for comparison)",
    cycling(unicode, (n) => tr46.toASCII(n, tr46Options)),
  );
});

describe("isValid", () => {
  bench("invalid names (no error object is built)", cycling(invalid, isValid));
});

describe("display", () => {
  bench("forDisplay of a Unicode name", cycling(unicode, forDisplay));
  bench(
    "displayOf a normalized Unicode Hostname",
    cycling(normalizedUnicode, (h) => displayOf(h as never)),
  );
});
