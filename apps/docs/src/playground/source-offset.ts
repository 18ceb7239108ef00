// HCL positions (1-based line, column in code points) as offsets into a JavaScript string (UTF-16
// code units), for the editors: a diagnostic's range becomes the characters it underlines.
import type { Pos } from "@tofukit/hcl";

/** The UTF-16 offset of `pos` in `text`, clamped to the text. */
export function sourceOffset(text: string, pos: Pos): number {
  let offset = 0;
  for (let line = 1; line < pos.line; line++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  for (let column = 1; column < pos.column && offset < text.length; column++) {
    if (text[offset] === "\n") break;
    const code = text.charCodeAt(offset);
    offset += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return Math.min(offset, text.length);
}
