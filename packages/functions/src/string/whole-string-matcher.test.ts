import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { wholeStringMatcher } from "./whole-string-matcher.js";

interface Re2 {
  findSubmatchIndex(s: string): number[] | null;
  findAllSubmatchIndex(s: string, n: number): number[][] | null;
}

function re2(pattern: string): Re2 {
  return RE2JS.compile(pattern).re2() as unknown as Re2;
}

/** Whether RE2 finds a match, the answer the fast path must give. */
function re2Matches(pattern: string, s: string): boolean {
  return re2(pattern).findSubmatchIndex(s) !== null;
}

// A pattern of the subset, built as text together with a way to draw strings of its language
// (drawing only steers the strings towards matches; RE2 decides what a match is).
interface Piece {
  readonly src: string;
  readonly repeats: boolean;
  readonly draw: (random: () => number) => string;
}

const ALPHABET = [
  "a",
  "b",
  "z",
  "A",
  "0",
  "5",
  "9",
  "-",
  "_",
  ".",
  " ",
  "\n",
  "\t",
  "\v",
  "\f",
  "\r",
  "\u00a0",
  "é",
  "ж",
  "+",
  "]",
  "\\",
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** An atom standing for one character: drawn from the alphabet members RE2 says it matches. */
function charAtom(src: string): Piece {
  let members: string[] | undefined;
  return {
    src,
    repeats: false,
    draw: (random) => {
      members ??= ALPHABET.filter((c) => re2Matches(`^(?:${src})$`, c));
      return members.length === 0 ? "" : pick(random, members);
    },
  };
}

const literal = fc.constantFrom(
  ..."abzA059-_ é\nжq/#:@=,~%",
  ...[
    "\\.",
    "\\-",
    "\\+",
    "\\$",
    "\\^",
    "\\(",
    "\\)",
    "\\[",
    "\\]",
    "\\\\",
    "\\{",
    "\\}",
    "\\|",
    "\\*",
    "\\?",
    "\\/",
  ],
  ...["\\n", "\\t", "\\r", "\\f", "\\v", "\\_"],
);
const classEscape = fc.constantFrom("\\d", "\\D", "\\w", "\\W", "\\s", "\\S", ".");
const classItem = fc.constantFrom(
  ..."az0_é\n .+*$|(){}",
  ...["\\]", "\\-", "\\\\", "\\[", "\\^", "\\.", "\\n", "\\t"],
  ...["a-f", "0-9", "A-Z", "\\t-\\r", "!-/", "à-ÿ", "a-é", "x-x", "\\--\\/", "а-я"],
  ...["\\d", "\\D", "\\w", "\\W", "\\s", "\\S"],
);
const bracketClass = fc
  .record({
    negated: fc.boolean(),
    dashFirst: fc.boolean(),
    dashLast: fc.boolean(),
    items: fc.array(classItem, { minLength: 1, maxLength: 4 }),
  })
  .map(({ negated, dashFirst, dashLast, items }) =>
    charAtom(`[${negated ? "^" : ""}${dashFirst ? "-" : ""}${items.join("")}${dashLast ? "-" : ""}]`),
  );
const quantifier = fc.constantFrom(
  ...["", "", "", "*", "+", "?", "*?", "+?", "??"],
  ...["{0}", "{1}", "{3}", "{0,2}", "{1,3}", "{2,}", "{0,}", "{1,3}?", "{2,}?"],
);

function counts(q: string): [number, number] {
  if (q.startsWith("*")) return [0, 3];
  if (q.startsWith("+")) return [1, 4];
  if (q.startsWith("?")) return [0, 1];
  const m = /^\{(\d+)(,(\d*))?\}/.exec(q)!;
  const min = Number(m[1]);
  return [min, m[2] === undefined ? min : m[3] === "" ? min + 3 : Number(m[3])];
}

function quantify(atom: Piece, q: string): Piece {
  if (q === "" || atom.repeats) return atom;
  const [min, max] = counts(q);
  return {
    src: atom.src + q,
    repeats: true,
    draw: (random) => {
      let out = "";
      const n = min + Math.floor(random() * (max - min + 1));
      for (let i = 0; i < n; i++) out += atom.draw(random);
      return out;
    },
  };
}

function sequence(pieces: readonly Piece[]): Piece {
  return {
    src: pieces.map((p) => p.src).join(""),
    repeats: pieces.some((p) => p.repeats),
    draw: (random) => pieces.map((p) => p.draw(random)).join(""),
  };
}

function group(alternatives: readonly Piece[]): Piece {
  return {
    src: `(?:${alternatives.map((a) => a.src).join("|")})`,
    repeats: alternatives.some((a) => a.repeats),
    draw: (random) => pick(random, alternatives).draw(random),
  };
}

const { body } = fc.letrec<{ body: Piece; piece: Piece; alternatives: Piece }>((tie) => ({
  piece: fc
    .tuple(
      fc.oneof(
        { maxDepth: 2 },
        fc.oneof(literal.map(charAtom), classEscape.map(charAtom), bracketClass),
        tie("alternatives"),
      ),
      quantifier,
    )
    .map(([atom, q]) => quantify(atom, q)),
  body: fc.array(tie("piece"), { maxLength: 5 }).map(sequence),
  alternatives: fc.array(tie("body"), { minLength: 1, maxLength: 3 }).map(group),
}));

const anchored = body.map((b) => ({ ...b, src: `^${b.src}$` }));

/** mulberry32: a small seeded generator, so each run's strings follow from fast-check's seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** 20 strings for a pattern: drawn from its language, drawn and then changed in one place, or random. */
function stringsFor(p: Piece, random: () => number): string[] {
  const chars = [...ALPHABET, ...p.src.replace(/[\\^$]/g, "")];
  const out: string[] = [];
  for (let i = 0; i < 20; i++) {
    if (i < 8) out.push(p.draw(random));
    else if (i < 14) {
      const s = [...p.draw(random)];
      const at = Math.floor(random() * (s.length + 1));
      const op = Math.floor(random() * 3);
      if (op === 0) s.splice(at, 0, pick(random, chars));
      else if (op === 1) s.splice(at, 1);
      else s.splice(at, 1, pick(random, chars));
      out.push(s.join(""));
    } else {
      let s = "";
      const n = Math.floor(random() * 8);
      for (let k = 0; k < n; k++) s += pick(random, chars);
      out.push(s);
    }
  }
  return out;
}

describe("wholeStringMatcher", () => {
  it("answers as RE2 does for patterns of the subset", () => {
    let matched = 0;
    let total = 0;
    fc.assert(
      fc.property(anchored, fc.integer(), (p, seed) => {
        const re = re2(p.src);
        const matcher = wholeStringMatcher(p.src);
        expect(matcher, p.src).not.toBeNull();
        for (const s of stringsFor(p, seeded(seed))) {
          const want = re.findSubmatchIndex(s) !== null;
          expect(matcher!.matches(s), `${JSON.stringify(p.src)} on ${JSON.stringify(s)}`).toBe(want);
          // Anchored and without groups, regexall finds the whole string once or nothing, even for "".
          const all = (re.findAllSubmatchIndex(s, -1) ?? []).map((m) => [m[0], m[1]]);
          expect(all).toEqual(want ? [[0, s.length]] : []);
          total++;
          if (want) matched++;
        }
      }),
      { numRuns: 300 },
    );
    // The strings are meant to match often enough for the comparison to mean something.
    expect(matched / total).toBeGreaterThan(0.2);
  }, 60_000);

  it("leaves strings with surrogate code units to RE2", () => {
    const m = wholeStringMatcher("^.$")!;
    expect(m.matches("😀")).toBeUndefined();
    expect(m.matches("\ud800")).toBeUndefined();
    expect(m.matches("ab\udc00")).toBeUndefined();
    expect(m.matches("é")).toBe(true);
    expect(m.matches("ab")).toBe(false);
  });

  it("goes on by NFA simulation when the DFA reaches its bound", () => {
    // The n-th symbol from the end is an a: a DFA needs 2^13 states for this one.
    const pattern = "^(?:a|b)*a(?:a|b){12}$";
    const m = wholeStringMatcher(pattern)!;
    const random = seeded(7);
    for (let i = 0; i < 200; i++) {
      let s = "";
      const n = 10 + Math.floor(random() * 40);
      for (let k = 0; k < n; k++) s += random() < 0.5 ? "a" : "b";
      expect(m.matches(s), s).toBe(re2Matches(pattern, s));
    }
  });

  it("gives no fast path when the NFA would be too large", () => {
    expect(wholeStringMatcher("^(?:abcdefghij){1000}$")).toBeNull();
    expect(wholeStringMatcher("^[a-z]{1000}$")).not.toBeNull();
  });

  it("stays linear on strings that make backtracking matchers explode", () => {
    const m = wholeStringMatcher("^(?:a|a)*(?:b|ab)*a{0,30}c$")!;
    expect(m.matches(`${"a".repeat(100_000)}b`)).toBe(false);
    expect(m.matches(`${"a".repeat(100_000)}c`)).toBe(true);
  });
});
