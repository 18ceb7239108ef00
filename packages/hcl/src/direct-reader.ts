// What tofukit's direct readers share: readers that take HCL text of a plain, common form (the
// literal values of a .tfvars file here, type constraints in @tofukit/typeexpr) straight to its
// result, without tokens or a syntax tree, and leave anything else to the full parser. They
// throw GIVE_UP wherever the text leaves the form they read; DirectReader.attempt turns that
// into null.

/** Thrown by a DirectReader where the text is not of the form it reads. */
export const GIVE_UP: unique symbol = Symbol("give up");

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const HASH = 35;
const SLASH = 47;
const STAR = 42;
const COLON = 58;
const EQUALS = 61;
const GREATER = 62;

/** How many distinct identifiers repeatedIdent keeps to hand out again. */
const RECENT_NAMES = 16;

/** An ASCII letter or `_`: what HCL identifiers start with, as far as a direct reader goes. */
export function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** An ASCII letter, digit, `_` or `-`: what HCL identifiers continue with. */
function isIdentPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/**
 * A cursor over HCL source text with the lexical steps every direct reader takes: spaces, block
 * comments, line endings and `#` or `//` comments (a CR without LF makes it give up), and
 * identifiers in ASCII (a letter beyond ASCII makes it give up, as those are the full parser's
 * to classify).
 */
export abstract class DirectReader {
  protected readonly src: string;
  protected readonly n: number;
  protected i = 0;
  /** Identifiers read lately (repeatedIdent), and where the next one goes. */
  private names: string[] | undefined;
  private nextName = 0;

  protected constructor(src: string) {
    this.src = src;
    this.n = src.length;
  }

  /** `read()`'s result, or null where it gave up; other errors pass through. */
  static attempt<T>(read: () => T): T | null {
    try {
      return read();
    } catch (error) {
      if (error === GIVE_UP) return null;
      throw error;
    }
  }

  /** Gives up on a byte order mark, which the full parser reports. */
  protected noByteOrderMark(): void {
    if (this.src.charCodeAt(0) === 0xfeff) throw GIVE_UP;
  }

  /**
   * Spaces, tabs and block comments. A block comment never ends a line, even one with line
   * breaks inside, as in HCL (only `#` and `//` comments do); an unclosed one makes it give up.
   */
  protected skipSpaces(): void {
    const src = this.src;
    let j = this.i;
    for (;;) {
      const c = src.charCodeAt(j);
      if (c === SPACE || c === TAB) {
        j++;
      } else if (c === SLASH && src.charCodeAt(j + 1) === STAR) {
        const close = src.indexOf("*/", j + 2);
        if (close < 0) throw GIVE_UP;
        j = close + 2;
      } else {
        break;
      }
    }
    this.i = j;
  }

  /**
   * Consumes one line ending at the current position: a newline, or a line comment with the
   * newline that ends it. False, consuming nothing, when there is none.
   */
  protected lineEnd(): boolean {
    const src = this.src;
    const c = src.charCodeAt(this.i);
    if (c === LF) {
      this.i++;
      return true;
    }
    if (c === CR) {
      if (src.charCodeAt(this.i + 1) !== LF) throw GIVE_UP;
      this.i += 2;
      return true;
    }
    if (c === HASH || (c === SLASH && src.charCodeAt(this.i + 1) === SLASH)) {
      const nl = src.indexOf("\n", this.i);
      this.i = nl < 0 ? this.n : nl + 1;
      return true;
    }
    // A `/` that starts no comment (skipSpaces takes block comments) is an operator.
    if (c === SLASH) throw GIVE_UP;
    return false;
  }

  /** Spaces, line endings and line comments: everything between tokens where newlines do not count. */
  protected skipLines(): void {
    for (;;) {
      this.skipSpaces();
      if (this.i >= this.n || !this.lineEnd()) return;
    }
  }

  /**
   * `=` or `:` between a key and its value, with the spaces around it, on one line (gives up
   * where there is none, or where it begins `==`, `=>` or `::`, which are other tokens).
   */
  protected separator(): void {
    this.skipSpaces();
    const c = this.src.charCodeAt(this.i);
    if (c !== EQUALS && c !== COLON) throw GIVE_UP;
    this.i++;
    const next = this.src.charCodeAt(this.i);
    if (next === EQUALS || next === GREATER || next === COLON) throw GIVE_UP;
    this.skipSpaces();
  }

  /** Whether an identifier starts at the current position. */
  protected atIdent(): boolean {
    return isIdentStart(this.src.charCodeAt(this.i));
  }

  /** The identifier at the current position (gives up where there is none). */
  protected ident(): string {
    const start = this.i;
    const end = this.identEnd();
    this.i = end;
    return this.src.slice(start, end);
  }

  /**
   * ident(), handing out the identifiers read lately as the same strings: for names a text
   * repeats many times (the attribute names of a long list's objects), which are then neither
   * copied again nor compared character by character.
   */
  protected repeatedIdent(): string {
    const src = this.src;
    const start = this.i;
    const end = this.identEnd();
    this.i = end;
    const length = end - start;
    this.names ??= [];
    const names = this.names;
    for (let k = 0; k < names.length; k++) {
      const name = names[k]!;
      if (name.length === length && src.startsWith(name, start)) return name;
    }
    const name = src.slice(start, end);
    // Once full, each new name takes the place of the oldest.
    names[this.nextName] = name;
    this.nextName = (this.nextName + 1) % RECENT_NAMES;
    return name;
  }

  /** Where the identifier at the current position ends (gives up where there is none). */
  private identEnd(): number {
    const src = this.src;
    if (!isIdentStart(src.charCodeAt(this.i))) throw GIVE_UP;
    let j = this.i + 1;
    while (j < this.n && isIdentPart(src.charCodeAt(j))) j++;
    // Identifiers may continue with letters beyond ASCII, which a direct reader does not classify.
    if (j < this.n && src.charCodeAt(j) >= 0x80) throw GIVE_UP;
    return j;
  }
}
