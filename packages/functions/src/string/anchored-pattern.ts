// A conservative subset of RE2 syntax, read as Go's regexp.Compile reads it (Perl flags: OneLine,
// ClassNL, PerlX, UnicodeGroups; no case folding; `.` stops at "\n"), for patterns anchored at
// both ends: `^…$` with no top-level `|`. Such a pattern matches a string whole or not at all, so
// its meaning is a set of strings, which this module gives as a small syntax tree. Anything the
// subset does not cover, or whose meaning under RE2 is the least bit doubtful, is refused (null),
// and the caller keeps using the full RE2 engine.

/** A set of code points as sorted, disjoint, non-adjacent inclusive ranges: [lo0, hi0, lo1, hi1, …]. */
export type CodePointSet = readonly number[];

/** The language of an anchored pattern's body. */
export type PatternNode =
  | { readonly kind: "set"; readonly set: CodePointSet }
  | { readonly kind: "concat"; readonly items: readonly PatternNode[] }
  | { readonly kind: "alternate"; readonly items: readonly PatternNode[] }
  /** `max` is -1 when unbounded. */
  | { readonly kind: "repeat"; readonly item: PatternNode; readonly min: number; readonly max: number };

/** The largest repeat count RE2 accepts, and the subset's bound too. */
const MAX_REPEAT = 1000;
const MAX_CODE_POINT = 0x10ffff;

const DIGITS: CodePointSet = [0x30, 0x39];
const WORD: CodePointSet = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
// RE2's \s is [\t\n\f\r ]: no \v.
const SPACE: CodePointSet = [0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x20];
const ANY_BUT_NEWLINE: CodePointSet = [0, 0x09, 0x0b, MAX_CODE_POINT];

/** `\n \t \r \f \v`: the letter escapes that stand for one control character. */
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { n: 0x0a, t: 0x09, r: 0x0d, f: 0x0c, v: 0x0b };

/** `\d \w \s` and their negations (ASCII meanings; the negations contain "\n", as under ClassNL). */
const CLASS_ESCAPES: Readonly<Record<string, CodePointSet>> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

/** ASCII punctuation that RE2 reads as itself after a backslash (a space is left out on purpose). */
const ESCAPABLE_PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

/** The complement of a set within all code points. */
export function complement(set: CodePointSet): CodePointSet {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < set.length; i += 2) {
    if (set[i]! > next) out.push(next, set[i]! - 1);
    next = set[i + 1]! + 1;
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
  return out;
}

/** The union of ranges given in any order, as a CodePointSet. */
function normalize(ranges: readonly number[]): CodePointSet {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Whether `cp` is in `set`. */
export function setHas(set: CodePointSet, cp: number): boolean {
  for (let i = 0; i < set.length; i += 2) {
    if (cp < set[i]!) return false;
    if (cp <= set[i + 1]!) return true;
  }
  return false;
}

/** Thrown inside the parser when the pattern leaves the subset; never escapes this module. */
class OutsideSubset extends Error {}

function refuse(): never {
  throw new OutsideSubset();
}

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

function containsRepeat(node: PatternNode): boolean {
  switch (node.kind) {
    case "set":
      return false;
    case "repeat":
      return true;
    default:
      return node.items.some(containsRepeat);
  }
}

/**
 * Reads one pattern. The text has no surrogate code units (checked first), so each code unit is
 * one code point and positions can advance by one.
 */
class SubsetParser {
  private pos = 0;
  constructor(private readonly src: string) {}

  /** The body between the outer `^` and `$`. */
  anchored(): PatternNode {
    const src = this.src;
    if (src[0] !== "^") refuse();
    this.pos = 1;
    const body = this.sequence();
    if (this.pos !== src.length - 1 || src[this.pos] !== "$") refuse();
    return body;
  }

  /** A sequence of quantified atoms, up to `)`, `|`, `$` or the end. */
  private sequence(): PatternNode {
    const items: PatternNode[] = [];
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined || c === ")" || c === "|" || c === "$") break;
      items.push(this.quantified(this.atom()));
    }
    return items.length === 1 ? items[0]! : { kind: "concat", items };
  }

  /** A group's alternatives, after `(?:`, through the closing `)`. */
  private group(): PatternNode {
    const items = [this.sequence()];
    while (this.src[this.pos] === "|") {
      this.pos++;
      items.push(this.sequence());
    }
    if (this.src[this.pos] !== ")") refuse();
    this.pos++;
    return items.length === 1 ? items[0]! : { kind: "alternate", items };
  }

  private atom(): PatternNode {
    const src = this.src;
    const c = src[this.pos]!;
    this.pos++;
    switch (c) {
      case "(":
        // Only non-capturing groups: captures, flags, names and look-arounds go to RE2.
        if (src[this.pos] !== "?" || src[this.pos + 1] !== ":") refuse();
        this.pos += 2;
        return this.group();
      case "[":
        return { kind: "set", set: this.bracketClass() };
      case ".":
        return { kind: "set", set: ANY_BUT_NEWLINE };
      case "\\": {
        const e = src[this.pos];
        this.pos++;
        if (e !== undefined && e in CLASS_ESCAPES) return { kind: "set", set: CLASS_ESCAPES[e]! };
        const cp = this.singleEscape(e);
        return { kind: "set", set: [cp, cp] };
      }
      // A repetition with nothing to repeat, an anchor inside the pattern, and the closing
      // brackets that RE2 would take as literals: all refused.
      case "*":
      case "+":
      case "?":
      case "{":
      case "}":
      case "]":
      case "^":
        return refuse();
      default: {
        const cp = c.charCodeAt(0);
        return { kind: "set", set: [cp, cp] };
      }
    }
  }

  /** An escape that stands for one code point, the backslash already read. */
  private singleEscape(e: string | undefined): number {
    if (e === undefined) return refuse();
    if (e in CONTROL_ESCAPES) return CONTROL_ESCAPES[e]!;
    if (ESCAPABLE_PUNCTUATION.has(e)) return e.charCodeAt(0);
    return refuse();
  }

  /** `* + ? {n} {n,} {n,m}`, each optionally lazy (the same language), after an atom. */
  private quantified(item: PatternNode): PatternNode {
    const src = this.src;
    let min: number;
    let max: number;
    switch (src[this.pos]) {
      case "*":
        [min, max] = [0, -1];
        this.pos++;
        break;
      case "+":
        [min, max] = [1, -1];
        this.pos++;
        break;
      case "?":
        [min, max] = [0, 1];
        this.pos++;
        break;
      case "{":
        [min, max] = this.counts();
        break;
      default:
        return item;
    }
    if (src[this.pos] === "?") this.pos++;
    const after = src[this.pos];
    if (after === "*" || after === "+" || after === "?" || after === "{") refuse();
    if (containsRepeat(item)) refuse();
    return { kind: "repeat", item, min, max };
  }

  /** `{n}`, `{n,}` or `{n,m}` exactly as RE2 spells a repeat; any other `{` is refused. */
  private counts(): [number, number] {
    const m = /^\{(0|[1-9][0-9]{0,3})(?:(,)(0|[1-9][0-9]{0,3})?)?\}/.exec(
      this.src.slice(this.pos, this.pos + 12),
    );
    if (m === null) return refuse();
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === undefined ? -1 : Number(m[3]);
    if (min > MAX_REPEAT || max > MAX_REPEAT || (max !== -1 && max < min)) refuse();
    this.pos += m[0].length;
    return [min, max];
  }

  /**
   * A bracket class after `[`. Accepted: an optional `^`; single characters and escapes; ranges
   * between two single characters; `\d \D \w \W \s \S`; `-` only first or last. Refused: `]`
   * first, any `[` (POSIX classes), `-` anywhere else, and every other escape.
   */
  private bracketClass(): CodePointSet {
    const src = this.src;
    const ranges: number[] = [];
    const negated = src[this.pos] === "^";
    if (negated) this.pos++;
    const start = this.pos;
    for (;;) {
      const c = src[this.pos];
      if (c === undefined || c === "[") refuse();
      if (c === "]") {
        if (this.pos === start) refuse();
        this.pos++;
        break;
      }
      if (c === "-") {
        if (this.pos !== start && src[this.pos + 1] !== "]") refuse();
        this.pos++;
        ranges.push(0x2d, 0x2d);
        continue;
      }
      if (c === "\\" && src[this.pos + 1] !== undefined && src[this.pos + 1]! in CLASS_ESCAPES) {
        ranges.push(...CLASS_ESCAPES[src[this.pos + 1]!]!);
        this.pos += 2;
        if (src[this.pos] === "-" && src[this.pos + 1] !== "]") refuse();
        continue;
      }
      const lo = this.classChar();
      let hi = lo;
      if (src[this.pos] === "-" && src[this.pos + 1] !== "]") {
        this.pos++;
        const h = src[this.pos];
        if (h === "-" || h === "]" || (h === "\\" && src[this.pos + 1]! in CLASS_ESCAPES)) refuse();
        hi = this.classChar();
        if (hi < lo) refuse();
        if (src[this.pos] === "-" && src[this.pos + 1] !== "]") refuse();
      }
      ranges.push(lo, hi);
    }
    const set = normalize(ranges);
    return negated ? complement(set) : set;
  }

  /** One character inside a class: itself, or a single-code-point escape. */
  private classChar(): number {
    const src = this.src;
    const c = src[this.pos];
    if (c === undefined || c === "[") return refuse();
    this.pos++;
    if (c !== "\\") return c.charCodeAt(0);
    const e = src[this.pos];
    this.pos++;
    return this.singleEscape(e);
  }
}

/**
 * The body of `pattern` as a syntax tree, when the pattern is `^…$` in the subset (no capture
 * groups, flags, word boundaries, other anchors, Unicode classes, `\x`, `\Q…\E`, POSIX classes,
 * nested repetition, counts above 1000, top-level `|`, surrogate code units); otherwise null.
 * The caller must also have compiled the pattern with RE2, which rejects what Go rejects.
 */
export function parseAnchoredPattern(pattern: string): PatternNode | null {
  for (let i = 0; i < pattern.length; i++) if (isSurrogate(pattern.charCodeAt(i))) return null;
  try {
    return new SubsetParser(pattern).anchored();
  } catch (e) {
    if (e instanceof OutsideSubset) return null;
    throw e;
  }
}
