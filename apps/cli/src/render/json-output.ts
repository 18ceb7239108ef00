// JSON output with embedded raw JSON texts (cty JSON values keep numbers exact, so they are
// inserted as written rather than through JavaScript numbers).
import type { CommandIO } from "../io.js";
import { BatchedWriter } from "./batched-writer.js";

export class RawJSON {
  constructor(readonly text: string) {}
}

/**
 * A JSON string whose text is handed over in pieces by `produce` (writeConsoleString, say): it is
 * escaped piece by piece as it is written, and never held whole.
 */
export class StreamedString {
  constructor(readonly produce: (write: (piece: string) => void) => void) {}
}

type JSONOut =
  | null
  | boolean
  | number
  | string
  | RawJSON
  | StreamedString
  | readonly JSONOut[]
  | { readonly [k: string]: JSONOut | undefined };

/**
 * Pretty-printed JSON, as JSON.stringify(value, null, indent) would print it, with RawJSON texts
 * inserted verbatim. The pieces are joined once at the end: concatenating level by level would
 * copy a multi-megabyte raw value once per level of nesting.
 */
export function stringifyJSON(value: JSONOut, indent = "  "): string {
  const parts: string[] = [];
  writeJSON(value, (part) => parts.push(part), indent);
  return parts.join("");
}

/** The same text as stringifyJSON, handed to `out` in pieces instead of joined. */
export function writeJSON(value: JSONOut, out: (part: string) => void, indent = "  "): void {
  const parts = { push: out };
  write(value, indent, 0, parts);
}

/** Where the pieces go. */
interface Parts {
  push(part: string): void;
}

function write(value: JSONOut, indent: string, depth: number, parts: Parts): void {
  if (value instanceof RawJSON) {
    parts.push(value.text);
    return;
  }
  if (value instanceof StreamedString) {
    writeStreamedString(value, parts);
    return;
  }
  if (value === null || typeof value !== "object") {
    parts.push(JSON.stringify(value));
    return;
  }
  const pad = `\n${indent.repeat(depth + 1)}`;
  const end = `\n${indent.repeat(depth)}`;
  if (Array.isArray(value)) {
    const items = value as readonly JSONOut[];
    if (items.length === 0) {
      parts.push("[]");
      return;
    }
    for (let i = 0; i < items.length; i++) {
      parts.push(i === 0 ? `[${pad}` : `,${pad}`);
      write(items[i] as JSONOut, indent, depth + 1, parts);
    }
    parts.push(`${end}]`);
    return;
  }
  let first = true;
  for (const [k, v] of Object.entries(value as { readonly [k: string]: JSONOut | undefined })) {
    if (v === undefined) continue;
    parts.push(`${first ? "{" : ","}${pad}${JSON.stringify(k)}: `);
    first = false;
    write(v, indent, depth + 1, parts);
  }
  parts.push(first ? "{}" : `${end}}`);
}

/**
 * JSON.stringify of the whole text, piece by piece. A piece ending in the first half of a
 * surrogate pair keeps it for the next, so that the pair is written as it stands, as
 * JSON.stringify writes it, and not as two escapes.
 */
function writeStreamedString(value: StreamedString, parts: Parts): void {
  let held = "";
  parts.push('"');
  value.produce((piece) => {
    let text = held + piece;
    held = "";
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      held = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text !== "") parts.push(JSON.stringify(text).slice(1, -1));
  });
  if (held !== "") parts.push(JSON.stringify(held).slice(1, -1));
  parts.push('"');
}

/**
 * A JSON answer and a newline on standard output, written in pieces as the human output is; the
 * values' JSON texts are all made first, so that nothing is written if one of them cannot be.
 */
export function writeJSONAnswer(io: CommandIO, value: JSONOut): void {
  const out = new BatchedWriter((text) => io.stdout.write(text));
  writeJSON(value, out.write);
  out.write("\n");
  out.flush();
}
