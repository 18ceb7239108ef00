// JSON output with embedded raw JSON texts (cty JSON values keep numbers exact, so they are
// inserted as written rather than through JavaScript numbers).
export class RawJSON {
  constructor(readonly text: string) {}
}

export type JSONOut =
  | null
  | boolean
  | number
  | string
  | RawJSON
  | readonly JSONOut[]
  | { readonly [k: string]: JSONOut | undefined };

/**
 * Pretty-printed JSON, as JSON.stringify(value, null, indent) would print it, with RawJSON texts
 * inserted verbatim. The pieces are joined once at the end: concatenating level by level would
 * copy a multi-megabyte raw value once per level of nesting.
 */
export function stringifyJSON(value: JSONOut, indent = "  "): string {
  const parts: string[] = [];
  write(value, indent, 0, parts);
  return parts.join("");
}

function write(value: JSONOut, indent: string, depth: number, parts: string[]): void {
  if (value instanceof RawJSON) {
    parts.push(value.text);
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
