// Content-Type parsing with the acceptance rules of Go's mime.ParseMediaType, which the reference uses.

// Go's unicode.IsSpace for the code points a header value (Latin-1) can hold.
const SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0]);
const TSPECIALS = '()<>@,;:\\"/[]?=';

function isTokenChar(c: number): boolean {
  return c > 0x20 && c < 0x7f && !TSPECIALS.includes(String.fromCharCode(c));
}

function trimLeftSpace(s: string): string {
  let i = 0;
  while (i < s.length && SPACE.has(s.charCodeAt(i))) i++;
  return s.slice(i);
}

function trimSpace(s: string): string {
  let end = s.length;
  while (end > 0 && SPACE.has(s.charCodeAt(end - 1))) end--;
  return trimLeftSpace(s.slice(0, end));
}

function consumeToken(v: string): [token: string, rest: string] {
  let i = 0;
  while (i < v.length && isTokenChar(v.charCodeAt(i))) i++;
  return [v.slice(0, i), v.slice(i)];
}

// A token or an RFC 2045 quoted string; an unterminated quote or a raw CR/LF inside one fails.
function consumeValue(v: string): [value: string, rest: string] {
  if (!v.startsWith('"')) return consumeToken(v);
  let value = "";
  for (let i = 1; i < v.length; i++) {
    const ch = v[i] as string;
    if (ch === '"') return [value, v.slice(i + 1)];
    if (ch === "\\" && i + 1 < v.length && TSPECIALS.includes(v[i + 1] as string)) {
      value += v[i + 1];
      i++;
    } else if (ch === "\r" || ch === "\n") {
      return ["", v];
    } else {
      value += ch;
    }
  }
  return ["", v];
}

function consumeParam(v: string): [key: string, value: string, rest: string] {
  let rest = trimLeftSpace(v);
  if (!rest.startsWith(";")) return ["", "", v];
  rest = trimLeftSpace(rest.slice(1));
  let key: string;
  [key, rest] = consumeToken(rest);
  key = key.toLowerCase();
  if (key === "") return ["", "", v];
  rest = trimLeftSpace(rest);
  if (!rest.startsWith("=")) return ["", "", v];
  rest = trimLeftSpace(rest.slice(1));
  const [value, after] = consumeValue(rest);
  if (value === "" && after === rest) return ["", "", v];
  return [key, value, after];
}

/**
 * The lower-cased media type of a Content-Type header value, or `null` where Go's
 * `mime.ParseMediaType` reports an error (no type, no subtype, content after the subtype,
 * a parameter without a value, a duplicate parameter with another value).
 * Parameters are validated and then ignored, as the reference does.
 */
export function mediaTypeOf(header: string): string | null {
  if (header === "application/json") return header;
  const semicolon = header.indexOf(";");
  const base = semicolon === -1 ? header : header.slice(0, semicolon);
  const mediaType = trimSpace(base.toLowerCase());
  const [type, afterType] = consumeToken(mediaType);
  if (type === "") return null;
  if (afterType !== "") {
    if (!afterType.startsWith("/")) return null;
    const [subtype, afterSubtype] = consumeToken(afterType.slice(1));
    if (subtype === "" || afterSubtype !== "") return null;
  }
  const seen = new Map<string, string>();
  let rest = header.slice(base.length);
  while (rest.length > 0) {
    rest = trimLeftSpace(rest);
    if (rest === "") break;
    const [key, value, after] = consumeParam(rest);
    if (key === "") {
      // A lone trailing semicolon is tolerated; anything else unparsable is an error.
      if (trimSpace(after) === ";") break;
      return null;
    }
    const previous = seen.get(key);
    if (previous !== undefined && previous !== value) return null;
    seen.set(key, value);
    rest = after;
  }
  return mediaType;
}
