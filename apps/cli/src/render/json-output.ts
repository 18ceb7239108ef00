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

export function stringifyJSON(value: JSONOut, indent = "  ", depth = 0): string {
  if (value instanceof RawJSON) return value.text;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const pad = indent.repeat(depth + 1);
  const end = indent.repeat(depth);
  if (Array.isArray(value)) {
    const items = value as readonly JSONOut[];
    if (items.length === 0) return "[]";
    return `[\n${items.map((v) => pad + stringifyJSON(v, indent, depth + 1)).join(",\n")}\n${end}]`;
  }
  const entries = Object.entries(value as { readonly [k: string]: JSONOut | undefined }).filter(
    (e): e is [string, JSONOut] => e[1] !== undefined,
  );
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${stringifyJSON(v, indent, depth + 1)}`).join(",\n")}\n${end}}`;
}
