// The parts of Go's net/url that go-getter's source detection relies on: Parse, String and the
// query-string round trip, with Go's escaping rules and error texts. Strings are handled as
// UTF-8 bytes (one char code per byte) internally, as Go does, and converted back at the edge.
import { goQuote } from "@tofukit/gostd";

type Mode = "path" | "host" | "userPassword" | "queryComponent" | "fragment";

/** A parsed URL; every field holds UTF-8 bytes, one per char code. */
interface GoURL {
  scheme: string;
  opaque: string;
  user: { readonly username: string; readonly password: string | undefined } | undefined;
  host: string;
  path: string;
  rawPath: string;
  omitHost: boolean;
  forceQuery: boolean;
  rawQuery: string;
  fragment: string;
  rawFragment: string;
}

/** A net/url error; `message` is Go's text, `parse "<url>": <reason>` for Parse. */
export class GoURLError extends Error {}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function toBytes(s: string): string {
  // ASCII needs no conversion; that is nearly every address.
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  let out = "";
  for (const b of encoder.encode(s)) out += String.fromCharCode(b);
  return out;
}

export function fromBytes(s: string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return decoder.decode(bytes);
}

const isAlnum = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);

function shouldEscape(ch: string, mode: Mode): boolean {
  const c = ch.charCodeAt(0);
  if (isAlnum(c)) return false;
  if (mode === "host" && "!$&'()*+,;=:[]<>\"".includes(ch)) return false;
  if ("-_.~".includes(ch)) return false;
  if ("$&+,/:;=?@".includes(ch)) {
    switch (mode) {
      case "path":
        return ch === "?";
      case "userPassword":
        return ch === "@" || ch === "/" || ch === "?" || ch === ":";
      case "queryComponent":
        return true;
      case "fragment":
        return false;
      default:
        break;
    }
  }
  if (mode === "fragment" && "!()*".includes(ch)) return false;
  return true;
}

const HEX = "0123456789ABCDEF";

// Letters, digits and "-._~/" need escaping in no mode that reaches here except userinfo's "/".
const PLAIN = /^[A-Za-z0-9._~-]*$/;

function percentEncode(s: string, mode: Mode): string {
  if (PLAIN.test(s) || (mode === "path" && /^[A-Za-z0-9._~/-]*$/.test(s))) return s;
  let out = "";
  for (const ch of s) {
    if (!shouldEscape(ch, mode)) out += ch;
    else if (ch === " " && mode === "queryComponent") out += "+";
    else {
      const c = ch.charCodeAt(0);
      out += `%${HEX[c >> 4]}${HEX[c & 15]}`;
    }
  }
  return out;
}

const isHex = (ch: string | undefined): boolean => ch !== undefined && /^[0-9A-Fa-f]$/.test(ch);

function percentDecode(s: string, mode: Mode): string {
  if (mode !== "host" && !s.includes("%") && (mode !== "queryComponent" || !s.includes("+"))) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === "%") {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) {
        throw new GoURLError(`invalid URL escape ${goQuote(fromBytes(s.slice(i, i + 3)))}`);
      }
      const hex = s.slice(i + 1, i + 3);
      if (mode === "host" && Number.parseInt(hex[0]!, 16) < 8 && hex !== "25") {
        throw new GoURLError(`invalid URL escape ${goQuote(`%${hex}`)}`);
      }
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 2;
    } else if (ch === "+" && mode === "queryComponent") {
      out += " ";
    } else {
      if (mode === "host" && ch.charCodeAt(0) < 0x80 && shouldEscape(ch, mode)) {
        throw new GoURLError(`invalid character ${goQuote(ch)} in host name`);
      }
      out += ch;
    }
  }
  return out;
}

/**
 * The scheme url.Parse would find in a byte string, or "" when it would find none; throws
 * GoURLError when the string starts with ":".
 */
export function urlScheme(raw: string): string {
  return getScheme(raw)[0];
}

function getScheme(raw: string): readonly [scheme: string, rest: string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) continue;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (i === 0) return ["", raw];
      continue;
    }
    if (c === 0x3a) {
      if (i === 0) throw new GoURLError("missing protocol scheme");
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ["", raw];
  }
  return ["", raw];
}

const validOptionalPort = (port: string): boolean => port === "" || /^:[0-9]*$/.test(port);

function parseHost(host: string): string {
  if (host.startsWith("[")) {
    const close = host.lastIndexOf("]");
    if (close < 0) throw new GoURLError("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) {
      throw new GoURLError(`invalid port ${goQuote(fromBytes(colonPort))} after host`);
    }
  } else {
    const colon = host.lastIndexOf(":");
    if (colon >= 0 && !validOptionalPort(host.slice(colon))) {
      throw new GoURLError(`invalid port ${goQuote(fromBytes(host.slice(colon)))} after host`);
    }
  }
  return percentDecode(host, "host");
}

function parseAuthority(authority: string): Pick<GoURL, "user" | "host"> {
  const at = authority.lastIndexOf("@");
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1));
  if (at < 0) return { user: undefined, host };
  const userinfo = authority.slice(0, at);
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) throw new GoURLError("net/url: invalid userinfo");
  const colon = userinfo.indexOf(":");
  if (colon < 0)
    return { user: { username: percentDecode(userinfo, "userPassword"), password: undefined }, host };
  return {
    user: {
      username: percentDecode(userinfo.slice(0, colon), "userPassword"),
      password: percentDecode(userinfo.slice(colon + 1), "userPassword"),
    },
    host,
  };
}

function setPath(u: GoURL, p: string): void {
  u.path = percentDecode(p, "path");
  u.rawPath = percentEncode(u.path, "path") === p ? "" : p;
}

function parseWithoutFragment(raw: string): GoURL {
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new GoURLError("net/url: invalid control character in URL");
  const u: GoURL = {
    scheme: "",
    opaque: "",
    user: undefined,
    host: "",
    path: "",
    rawPath: "",
    omitHost: false,
    forceQuery: false,
    rawQuery: "",
    fragment: "",
    rawFragment: "",
  };
  if (raw === "*") {
    u.path = "*";
    return u;
  }
  const [scheme, afterScheme] = getScheme(raw);
  u.scheme = scheme.toLowerCase();
  let rest = afterScheme;
  const firstQ = rest.indexOf("?");
  if (rest.endsWith("?") && firstQ === rest.length - 1) {
    u.forceQuery = true;
    rest = rest.slice(0, -1);
  } else if (firstQ >= 0) {
    u.rawQuery = rest.slice(firstQ + 1);
    rest = rest.slice(0, firstQ);
  }
  if (!rest.startsWith("/")) {
    if (u.scheme !== "") {
      u.opaque = rest;
      return u;
    }
    const slash = rest.indexOf("/");
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(":")) {
      throw new GoURLError("first path segment in URL cannot contain colon");
    }
  }
  if ((u.scheme !== "" || !rest.startsWith("///")) && rest.startsWith("//")) {
    let authority = rest.slice(2);
    rest = "";
    const slash = authority.indexOf("/");
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    Object.assign(u, parseAuthority(authority));
  } else if (u.scheme !== "" && rest.startsWith("/")) {
    u.omitHost = true;
  }
  setPath(u, rest);
  return u;
}

/** Go's url.Parse of a byte string. */
export function parseURL(raw: string): GoURL {
  const hash = raw.indexOf("#");
  const main = hash < 0 ? raw : raw.slice(0, hash);
  let u: GoURL;
  try {
    u = parseWithoutFragment(main);
  } catch (error) {
    if (!(error instanceof GoURLError)) throw error;
    throw new GoURLError(`parse ${goQuote(fromBytes(main))}: ${error.message}`);
  }
  if (hash < 0) return u;
  // A bad fragment names the whole URL; a bad rest names it without the fragment, as Go does.
  const frag = raw.slice(hash + 1);
  try {
    u.fragment = percentDecode(frag, "fragment");
  } catch (error) {
    if (!(error instanceof GoURLError)) throw error;
    throw new GoURLError(`parse ${goQuote(fromBytes(raw))}: ${error.message}`);
  }
  u.rawFragment = percentEncode(u.fragment, "fragment") === frag ? "" : frag;
  return u;
}

function validEncoded(s: string, mode: Mode): boolean {
  for (const ch of s) {
    if ("!$&'()*+,;=:@[]%".includes(ch)) continue;
    if (shouldEscape(ch, mode)) return false;
  }
  return true;
}

function escapedPath(u: GoURL): string {
  if (u.rawPath !== "" && validEncoded(u.rawPath, "path")) {
    try {
      if (percentDecode(u.rawPath, "path") === u.path) return u.rawPath;
    } catch {
      // An invalid raw path falls back to escaping the decoded one, as Go does.
    }
  }
  if (u.path === "*") return "*";
  return percentEncode(u.path, "path");
}

/** Go's URL.String, as bytes. */
export function formatURL(u: GoURL): string {
  let out = "";
  if (u.scheme !== "") out += `${u.scheme}:`;
  if (u.opaque !== "") {
    out += u.opaque;
  } else {
    if (u.scheme !== "" || u.host !== "" || u.user !== undefined) {
      if (!(u.omitHost && u.host === "" && u.user === undefined)) {
        if (u.host !== "" || u.path !== "" || u.user !== undefined) out += "//";
        if (u.user !== undefined) {
          out += percentEncode(u.user.username, "userPassword");
          if (u.user.password !== undefined) out += `:${percentEncode(u.user.password, "userPassword")}`;
          out += "@";
        }
        if (u.host !== "") out += percentEncode(u.host, "host");
      }
    }
    const path = escapedPath(u);
    if (path !== "" && !path.startsWith("/") && u.host !== "") out += "/";
    if (out === "") {
      const slash = path.indexOf("/");
      if ((slash < 0 ? path : path.slice(0, slash)).includes(":")) out += "./";
    }
    out += path;
  }
  if (u.forceQuery || u.rawQuery !== "") out += `?${u.rawQuery}`;
  if (u.fragment !== "") {
    let frag = u.rawFragment;
    if (frag === "" || !validEncoded(frag, "fragment")) frag = percentEncode(u.fragment, "fragment");
    out += `#${frag}`;
  }
  return out;
}

/** Go's url.ParseQuery followed by Values.Encode: keys sorted, every part re-escaped. */
export function reencodeQuery(query: string): string {
  const values = new Map<string, string[]>();
  let firstError: GoURLError | undefined;
  for (const pair of query.split("&")) {
    if (pair.includes(";")) {
      firstError ??= new GoURLError("invalid semicolon separator in query");
      continue;
    }
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    try {
      const key = percentDecode(eq < 0 ? pair : pair.slice(0, eq), "queryComponent");
      const value = percentDecode(eq < 0 ? "" : pair.slice(eq + 1), "queryComponent");
      const list = values.get(key);
      if (list === undefined) values.set(key, [value]);
      else list.push(value);
    } catch (error) {
      if (!(error instanceof GoURLError)) throw error;
      firstError ??= error;
    }
  }
  if (firstError !== undefined) throw firstError;
  const keys = [...values.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  for (const key of keys) {
    for (const value of values.get(key)!) {
      parts.push(`${percentEncode(key, "queryComponent")}=${percentEncode(value, "queryComponent")}`);
    }
  }
  return parts.join("&");
}
