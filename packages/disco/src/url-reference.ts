// URL references parsed, resolved and serialized with the rules of Go's net/url, which the
// reference applies to service URLs; a WHATWG parser accepts and rewrites different inputs.
import { goQuote } from "@tofukit/gostd";

/** A parsed reference; `host` is unescaped, `path` kept in its escaped form. */
export interface UrlReference {
  readonly scheme: string;
  readonly opaque: string;
  readonly hasUser: boolean;
  readonly user: string;
  readonly host: string;
  readonly path: string;
  readonly forceQuery: boolean;
  readonly query: string;
}

/** A Go `url.Parse` failure; `message` is the text of Go's `*url.Error`. */
export class UrlSyntaxError {
  constructor(readonly message: string) {}
}

const HEX = /^[0-9a-fA-F]{2}$/;
const CONTROL = /[\x00-\x1f\x7f]/;

const UTF8 = new TextEncoder();

function isUnreserved(c: string): boolean {
  return /^[A-Za-z0-9\-_.~]$/.test(c);
}

// Go's shouldEscape for the path and host modes.
function shouldEscapePath(c: string): boolean {
  if (isUnreserved(c)) return false;
  return !"$&+,/:;=@".includes(c);
}

function shouldEscapeHost(c: string): boolean {
  if (isUnreserved(c)) return false;
  return !"!$&'()*+,;=:[]<>\"".includes(c);
}

// Go's validEncoded: whether a path can be kept as written rather than re-escaped (unreserved
// characters, sub-delimiters, ":@[]/" and percent escapes).
const VALID_ENCODED_PATH = /^[A-Za-z0-9\-_.~!$&'()*+,;=:@[\]%/]*$/;
// The characters Go refuses in a host name (ASCII only; other code points are escaped on output).
const INVALID_HOST_CHARACTER = /[^A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"%\u0080-\uffff]/;

function escapeBytes(s: string, shouldEscape: (c: string) => boolean): string {
  let out = "";
  for (const ch of s) {
    if (ch.length === 1 && ch.charCodeAt(0) < 0x80 && !shouldEscape(ch)) {
      out += ch;
      continue;
    }
    for (const byte of UTF8.encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

// Go's unescape: validates percent escapes; in host mode also the characters a host may hold.
function checkEscapes(s: string, mode: "path" | "host" | "fragment"): void {
  let end = s.length;
  let invalidHostCharacter: string | undefined;
  if (mode === "host") {
    const invalid = INVALID_HOST_CHARACTER.exec(s);
    if (invalid !== null) {
      // Go scans left to right: a bad escape before the bad character is reported instead.
      end = invalid.index;
      invalidHostCharacter = invalid[0];
    }
  }
  for (let i = s.indexOf("%"); i !== -1 && i < end; i = s.indexOf("%", i + 3)) {
    const escaped = s.slice(i, i + 3);
    if (!HEX.test(escaped.slice(1))) throw new UrlSyntaxError(`invalid URL escape ${goQuote(escaped)}`);
    if (mode === "host" && Number.parseInt(escaped.charAt(1), 16) < 8 && escaped !== "%25") {
      throw new UrlSyntaxError(`invalid URL escape ${goQuote(escaped)}`);
    }
  }
  if (invalidHostCharacter !== undefined) {
    throw new UrlSyntaxError(`invalid character ${goQuote(invalidHostCharacter)} in host name`);
  }
}

function validOptionalPort(port: string): boolean {
  return port === "" || /^:[0-9]*$/.test(port);
}

function parseHost(host: string): string {
  if (host.startsWith("[")) {
    const close = host.lastIndexOf("]");
    if (close === -1) throw new UrlSyntaxError("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) {
      throw new UrlSyntaxError(`invalid port ${goQuote(colonPort)} after host`);
    }
  } else {
    const colon = host.lastIndexOf(":");
    if (colon !== -1) {
      const colonPort = host.slice(colon);
      if (!validOptionalPort(colonPort)) {
        throw new UrlSyntaxError(`invalid port ${goQuote(colonPort)} after host`);
      }
    }
  }
  checkEscapes(host, "host");
  return decodePercent(host);
}

function validUserinfo(s: string): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);
}

function parseWithoutFragment(raw: string): UrlReference {
  if (CONTROL.test(raw)) throw new UrlSyntaxError("net/url: invalid control character in URL");
  let scheme = "";
  let rest = raw;
  const schemeEnd = /^[A-Za-z][A-Za-z0-9+\-.]*:/.exec(raw);
  if (raw.startsWith(":")) throw new UrlSyntaxError("missing protocol scheme");
  if (schemeEnd !== null) {
    scheme = schemeEnd[0].slice(0, -1).toLowerCase();
    rest = raw.slice(schemeEnd[0].length);
  }
  let forceQuery = false;
  let query = "";
  const questionMarks = rest.split("?").length - 1;
  if (rest.endsWith("?") && questionMarks === 1) {
    forceQuery = true;
    rest = rest.slice(0, -1);
  } else if (questionMarks > 0) {
    const q = rest.indexOf("?");
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  const base = { scheme, opaque: "", hasUser: false, user: "", host: "", path: "", forceQuery, query };
  if (!rest.startsWith("/")) {
    if (scheme !== "") return { ...base, opaque: rest };
    const slash = rest.indexOf("/");
    const segment = slash === -1 ? rest : rest.slice(0, slash);
    if (segment.includes(":")) throw new UrlSyntaxError("first path segment in URL cannot contain colon");
  }
  let hasUser = false;
  let user = "";
  let host = "";
  if ((scheme !== "" || !rest.startsWith("///")) && rest.startsWith("//")) {
    let authority = rest.slice(2);
    const slash = authority.indexOf("/");
    rest = slash === -1 ? "" : authority.slice(slash);
    authority = slash === -1 ? authority : authority.slice(0, slash);
    const at = authority.lastIndexOf("@");
    if (at === -1) {
      host = parseHost(authority);
    } else {
      host = parseHost(authority.slice(at + 1));
      user = authority.slice(0, at);
      if (!validUserinfo(user)) throw new UrlSyntaxError("net/url: invalid userinfo");
      hasUser = true;
    }
  }
  checkEscapes(rest, "path");
  const path = VALID_ENCODED_PATH.test(rest) ? rest : escapeBytes(decodePercent(rest), shouldEscapePath);
  return { ...base, hasUser, user, host, path };
}

function decodePercent(s: string): string {
  if (!s.includes("%")) return s;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "%") {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...UTF8.encode(c));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Go's `url.Parse`; throws {@link UrlSyntaxError} with the text of Go's `*url.Error`. The fragment is dropped. */
export function parseUrlReference(raw: string): UrlReference {
  const hash = raw.indexOf("#");
  const withoutFragment = hash === -1 ? raw : raw.slice(0, hash);
  let ref: UrlReference;
  try {
    ref = parseWithoutFragment(withoutFragment);
  } catch (error) {
    if (error instanceof UrlSyntaxError) {
      throw new UrlSyntaxError(`parse ${goQuote(withoutFragment)}: ${error.message}`);
    }
    throw error;
  }
  if (hash !== -1) {
    try {
      checkEscapes(raw.slice(hash + 1), "fragment");
    } catch (error) {
      if (error instanceof UrlSyntaxError)
        throw new UrlSyntaxError(`parse ${goQuote(raw)}: ${error.message}`);
      throw error;
    }
  }
  return ref;
}

// RFC 3986 dot-segment removal as Go's resolvePath does it: the result always starts with "/",
// and a final "." or ".." leaves a trailing slash.
function resolvePath(base: string, ref: string): string {
  let full: string;
  if (ref === "") full = base;
  else if (!ref.startsWith("/")) full = base.slice(0, base.lastIndexOf("/") + 1) + ref;
  else full = ref;
  if (full === "") return "";
  const out: string[] = [];
  const segments = (full.startsWith("/") ? full : `/${full}`).split("/");
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const last = i === segments.length - 1;
    if (segment === ".") {
      if (last) out.push("");
    } else if (segment === "..") {
      if (out.length > 1) out.pop();
      if (last) out.push("");
    } else {
      out.push(segment);
    }
  }
  return out.length === 1 ? "/" : out.join("/");
}

/** Go's `URL.ResolveReference` for a reference without a scheme. */
export function resolveUrlReference(base: UrlReference, ref: UrlReference): UrlReference {
  if (ref.scheme !== "" || ref.host !== "" || ref.hasUser) {
    return { ...ref, scheme: ref.scheme || base.scheme, path: resolvePath(ref.path, "") };
  }
  if (ref.opaque !== "") return { ...ref, scheme: base.scheme, hasUser: false, user: "", host: "", path: "" };
  const keepBaseQuery = ref.path === "" && !ref.forceQuery && ref.query === "";
  return {
    scheme: base.scheme,
    opaque: "",
    hasUser: base.hasUser,
    user: base.user,
    host: base.host,
    path: resolvePath(base.path, ref.path),
    forceQuery: keepBaseQuery ? base.forceQuery : ref.forceQuery,
    query: keepBaseQuery ? base.query : ref.query,
  };
}

/** Go's `URL.String` (without fragment). */
export function formatUrlReference(u: UrlReference): string {
  let out = u.scheme === "" ? "" : `${u.scheme}:`;
  if (u.opaque !== "") {
    out += u.opaque;
  } else {
    if (u.scheme !== "" || u.host !== "" || u.hasUser) {
      if (u.host !== "" || u.path !== "" || u.hasUser) out += "//";
      if (u.hasUser) out += `${u.user}@`;
      out += escapeBytes(u.host, shouldEscapeHost);
    }
    if (u.path !== "" && !u.path.startsWith("/") && u.host !== "") out += "/";
    out += u.path;
  }
  if (u.forceQuery || u.query !== "") out += `?${u.query}`;
  return out;
}
