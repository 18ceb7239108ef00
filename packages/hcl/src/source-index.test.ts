import { describe, expect, it } from "vitest";
import type { Pos } from "./pos.js";
import { SourceIndex } from "./source-index.js";

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
