import { describe, expect, it } from "vitest";
import { complement, type PatternNode, parseAnchoredPattern, setHas } from "./anchored-pattern.js";

const cp = (c: string) => c.codePointAt(0)!;
const lit = (c: string): PatternNode => ({ kind: "set", set: [cp(c), cp(c)] });
const set = (...ranges: number[]): PatternNode => ({ kind: "set", set: ranges });
const concat = (...items: PatternNode[]): PatternNode => ({ kind: "concat", items });
const repeat = (item: PatternNode, min: number, max: number): PatternNode => ({
  kind: "repeat",
  item,
  min,
  max,
});
const MAX = 0x10ffff;

describe("parseAnchoredPattern", () => {
  it("reads the body between the outer anchors", () => {
    expect(parseAnchoredPattern("^$")).toEqual(concat());
    expect(parseAnchoredPattern("^a$")).toEqual(lit("a"));
    expect(parseAnchoredPattern("^ab$")).toEqual(concat(lit("a"), lit("b")));
    expect(parseAnchoredPattern("^é $")).toEqual(concat(lit("é"), lit(" ")));
  });

  it("reads classes with ranges, negation, and - first or last", () => {
    expect(parseAnchoredPattern("^[a-z0-9-]+$")).toEqual(
      repeat(set(cp("-"), cp("-"), cp("0"), cp("9"), cp("a"), cp("z")), 1, -1),
    );
    expect(parseAnchoredPattern("^[-a]$")).toEqual(set(cp("-"), cp("-"), cp("a"), cp("a")));
    expect(parseAnchoredPattern("^[a-c-]$")).toEqual(set(cp("-"), cp("-"), cp("a"), cp("c")));
    expect(parseAnchoredPattern("^[^a]$")).toEqual(set(0, cp("a") - 1, cp("a") + 1, MAX));
    expect(parseAnchoredPattern("^[\\]\\-\\\\]$")).toEqual(set(cp("-"), cp("-"), cp("\\"), cp("]")));
    expect(parseAnchoredPattern("^[\\d_]$")).toEqual(set(cp("0"), cp("9"), cp("_"), cp("_")));
    expect(parseAnchoredPattern("^[\\t-\\r]$")).toEqual(set(9, 13));
  });

  it("gives negated classes, \\D and \\W the newline, and . everything but it", () => {
    for (const p of ["^[^a]$", "^\\D$", "^\\W$", "^[\\D]$", "^[^\\d]$", "^[^\\S]$"]) {
      const node = parseAnchoredPattern(p);
      if (node?.kind !== "set") throw new Error(`${p} is not one character`);
      expect(setHas(node.set, 10), p).toBe(true);
    }
    expect(parseAnchoredPattern("^.$")).toEqual(set(0, 9, 11, MAX));
  });

  it("uses RE2's ASCII meanings of \\d \\w \\s", () => {
    expect(parseAnchoredPattern("^\\d$")).toEqual(set(cp("0"), cp("9")));
    expect(parseAnchoredPattern("^\\w$")).toEqual(
      set(cp("0"), cp("9"), cp("A"), cp("Z"), cp("_"), cp("_"), cp("a"), cp("z")),
    );
    // \s is [\t\n\f\r ]: no vertical tab.
    expect(parseAnchoredPattern("^\\s$")).toEqual(set(9, 10, 12, 13, 32, 32));
    expect(parseAnchoredPattern("^\\v$")).toEqual(set(11, 11));
  });

  it("reads escaped punctuation as itself", () => {
    for (const c of "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") {
      expect(parseAnchoredPattern(`^\\${c}$`), c).toEqual(lit(c));
    }
  });

  it("reads non-capturing groups with alternatives, and every quantifier", () => {
    expect(parseAnchoredPattern("^(?:ab|c|)$")).toEqual({
      kind: "alternate",
      items: [concat(lit("a"), lit("b")), lit("c"), concat()],
    });
    expect(parseAnchoredPattern("^a*b+?c?d{2}e{2,}f{0,3}?g{1000}$")).toEqual(
      concat(
        repeat(lit("a"), 0, -1),
        repeat(lit("b"), 1, -1),
        repeat(lit("c"), 0, 1),
        repeat(lit("d"), 2, 2),
        repeat(lit("e"), 2, -1),
        repeat(lit("f"), 0, 3),
        repeat(lit("g"), 1000, 1000),
      ),
    );
    expect(parseAnchoredPattern("^(?:a|b)*$")).toEqual(
      repeat({ kind: "alternate", items: [lit("a"), lit("b")] }, 0, -1),
    );
  });

  it.each([
    ["not anchored at the start", "a$"],
    ["not anchored at the end", "^a"],
    ["an escaped final $", "^a\\$"],
    ["a top-level alternative", "^a|b$"],
    ["an anchor inside", "^a^b$"],
    ["a $ inside", "^a$b$"],
    ["a $ inside a group", "^(?:a$)$"],
    ["a capture group", "^(a)$"],
    ["a named group", "^(?P<x>a)$"],
    ["flags", "^(?i)a$"],
    ["flags on a group", "^(?i:a)$"],
    ["a word boundary", "^\\ba$"],
    ["\\A", "^\\Aa$"],
    ["\\z", "^a\\z$"],
    ["a Unicode class", "^\\p{L}$"],
    ["a negated Unicode class", "^\\PL$"],
    ["a hex escape", "^\\x41$"],
    ["an octal escape", "^\\101$"],
    ["a bell escape", "^\\a$"],
    ["quoting", "^\\Qa.b\\E$"],
    ["an escaped space", "^\\ $"],
    ["a backslash at the end", "^a\\"],
    ["a POSIX class", "^[[:alpha:]]$"],
    ["a [ inside a class", "^[a[]$"],
    ["] first in a class", "^[]a]$"],
    ["] first in a negated class", "^[^]a]$"],
    ["- in the middle of a class", "^[a-c-e]$"],
    ["- after a class escape", "^[\\d-z]$"],
    ["a range to a class escape", "^[a-\\d]$"],
    ["a range ending in -", "^[!--]$"],
    ["a backwards range", "^[z-a]$"],
    ["an unclosed class", "^[a$"],
    ["a Unicode class inside a class", "^[\\pL]$"],
    ["a { that is not a repeat", "^a{$"],
    ["a { with no count", "^a{,2}$"],
    ["a count with a leading zero", "^a{01}$"],
    ["a count above 1000", "^a{1001}$"],
    ["a bound above 1000", "^a{2,1001}$"],
    ["counts in the wrong order", "^a{3,2}$"],
    ["a literal }", "^a}$"],
    ["a literal ]", "^a]$"],
    ["a repetition of nothing", "^*a$"],
    ["a repetition after |", "^(?:a|*)$"],
    ["nested repetition", "^(?:a*)*$"],
    ["nested counted repetition", "^(?:a{2}){3}$"],
    ["a double repetition", "^a**$"],
    ["a possessive-looking repetition", "^a*+$"],
    ["an unclosed group", "^(?:a$"],
    ["an unmatched )", "^a)$"],
    ["a look-ahead", "^(?=a)$"],
    ["a lone surrogate", "^\ud800$"],
    ["a surrogate pair", "^😀$"],
  ])("refuses %s: %s", (_, pattern) => {
    expect(parseAnchoredPattern(pattern)).toBeNull();
  });
});

describe("complement", () => {
  it("is the rest of the code points", () => {
    expect(complement([])).toEqual([0, MAX]);
    expect(complement([0, MAX])).toEqual([]);
    expect(complement([0, 9, 20, 30])).toEqual([10, 19, 31, MAX]);
    expect(complement(complement([5, 5, 7, 9]))).toEqual([5, 5, 7, 9]);
  });
});
