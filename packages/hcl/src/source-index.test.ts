import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./parse.js";
import { type Pos, plainRange, type Range, rangeAtEnd, rangeBetween } from "./pos.js";
import { SourceIndex, SourceRange } from "./source-index.js";

/** Positions computed the slow, obvious way: walk the code points from the start. */
function naivePos(src: string, index: number, startByte = 0): Pos {
  let line = 1;
  let column = 1;
  let byte = startByte;
  let i = 0;
  while (i < index) {
    const cp = src.codePointAt(i) as number;
    const units = cp > 0xffff ? 2 : 1;
    if (cp === 10) {
      line++;
      column = 1;
    } else {
      column++;
    }
    byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += units;
  }
  return { line, column, byte };
}

const SAMPLES = [
  "",
  "a = 1\n",
  'name = "é"\nb = "日本語"\n\nc = "😀x"\n',
  "x\r\ny\n\u00e9\u00e9\n\ud83d\ude00\ud83d\ude00\n",
  // A lone surrogate counts three bytes, as Go's UTF-8 encoder writes U+FFFD.
  "a\ud800b\n\udc00c",
  "\n\n\n",
  "no newline at the end: ∑",
];

/** Every string index that is not the second half of a surrogate pair. */
function boundaries(src: string): number[] {
  const out: number[] = [];
  for (let i = 0; i <= src.length; i++) {
    const prev = src.charCodeAt(i - 1);
    const here = src.charCodeAt(i);
    if (prev >= 0xd800 && prev <= 0xdbff && here >= 0xdc00 && here <= 0xdfff) continue;
    out.push(i);
  }
  return out;
}

describe("SourceIndex", () => {
  it("agrees with a naive walk at every character boundary, in order and out of order", () => {
    for (const src of SAMPLES) {
      const index = new SourceIndex(src, "f", 0);
      const all = boundaries(src);
      for (const i of all) expect(index.pos(i), JSON.stringify({ src, i })).toEqual(naivePos(src, i));
      for (const i of [...all].reverse()) expect(index.pos(i)).toEqual(naivePos(src, i));
      // Jumps back and forth defeat the last-line shortcut.
      for (let k = 0; k < all.length; k++) {
        const i = all[(k * 7919) % all.length] as number;
        expect(index.pos(i)).toEqual(naivePos(src, i));
      }
    }
  });

  it("offsets byte positions by a removed byte order mark", () => {
    const index = new SourceIndex("a\né", "f", 3);
    expect(index.pos(0)).toEqual({ line: 1, column: 1, byte: 3 });
    expect(index.pos(3)).toEqual({ line: 2, column: 2, byte: 7 });
  });

  it("finds positions in a long file with multi-byte characters on some lines", () => {
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++) lines.push(i % 7 === 0 ? `k${i} = "ü€😀${i}"` : `k${i} = ${i}`);
    const src = lines.join("\n");
    const index = new SourceIndex(src, "f", 0);
    for (const i of [0, 1, 17, src.length >> 1, src.length - 5, src.length]) {
      expect(index.pos(i)).toEqual(naivePos(src, i));
    }
    const r = index.range(src.length - 3, src.length);
    expect(r.filename).toBe("f");
    expect(r.start).toEqual(naivePos(src, src.length - 3));
    expect(r.end).toEqual(naivePos(src, src.length));
  });
});

describe("SourceRange", () => {
  const src = 'a = "日本"\nbb = [1, 2]\n';
  const index = new SourceIndex(src, "f.tfvars", 0);
  const plain = (s: number, e: number): Range => ({
    filename: "f.tfvars",
    start: naivePos(src, s),
    end: naivePos(src, e),
  });

  it("reads as the plain range of its offsets, and copies as plain data", () => {
    const r = index.range(4, 8);
    expect(r).toBeInstanceOf(SourceRange);
    expect([r.filename, r.start, r.end]).toEqual(["f.tfvars", naivePos(src, 4), naivePos(src, 8)]);
    const json = r.toJSON();
    expect(json).not.toBeInstanceOf(SourceRange);
    expect(Object.keys(json)).toEqual(["filename", "start", "end"]);
    expect(json).toStrictEqual({
      filename: "f.tfvars",
      start: { line: 1, column: 5, byte: 4 },
      end: { line: 1, column: 9, byte: 12 },
    });
    expect(JSON.parse(JSON.stringify({ r }))).toStrictEqual({ r: json });
    expect(plainRange(r)).toStrictEqual(json);
    // A range that is already plain data is its own plain form.
    expect(plainRange(json)).toBe(json);
    // A range of another kind (a SourceRange of a second copy of this package, say) is copied.
    class OtherRange {
      get filename(): string {
        return "f.tfvars";
      }
      get start(): Pos {
        return naivePos(src, 4);
      }
      get end(): Pos {
        return naivePos(src, 8);
      }
    }
    // Node's console.log shows the positions, not an empty object.
    expect(inspect(r)).toBe(inspect(json));
    const copied = plainRange(new OtherRange());
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(structuredClone(copied)).toStrictEqual(json);
  });

  it("compares in tests as the plain range it stands for, and only as that one", () => {
    expect(index.range(4, 8)).toEqual(plain(4, 8));
    expect(plain(4, 8)).toEqual(index.range(4, 8));
    expect(index.range(4, 8)).toEqual(index.range(4, 8));
    expect(index.range(4, 8)).not.toEqual(plain(4, 7));
    expect(index.range(4, 8)).not.toEqual(index.range(3, 8));
    expect(new SourceIndex(src, "g.tfvars", 0).range(4, 8)).not.toEqual(index.range(4, 8));
  });

  it("combines ranges of one text without reading positions, and others as plain data", () => {
    expect(rangeBetween(index.range(9, 11), index.range(4, 8))).toEqual(plain(4, 11));
    expect(rangeBetween(index.range(4, 8), index.range(4, 8))).toEqual(plain(4, 8));
    expect(rangeBetween(index.range(4, 8), index.range(4, 8))).toBeInstanceOf(SourceRange);
    expect(rangeAtEnd(index.range(4, 8))).toEqual(plain(8, 8));
    // With a plain range, or ranges of two texts, the result is plain data.
    const mixed = rangeBetween(index.range(9, 11), plain(4, 8));
    expect(mixed).not.toBeInstanceOf(SourceRange);
    expect(mixed).toStrictEqual(plain(4, 11));
    expect(rangeAtEnd(plain(4, 8))).toStrictEqual(plain(8, 8));
  });

  it("leaves the syntax tree lazy and gives diagnostics plain ranges", () => {
    const { body, diagnostics } = parseConfig("a = 1 +\n", "bad.tf");
    expect(body.range).toBeInstanceOf(SourceRange);
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) {
      for (const r of [d.subject, d.context]) {
        if (r === undefined) continue;
        expect(r).not.toBeInstanceOf(SourceRange);
        // A structured clone (postMessage) keeps every position of a diagnostic.
        expect(structuredClone(r)).toStrictEqual(r);
      }
    }
  });
});
