// Go's regexp (RE2 syntax and semantics) through re2js, with the pieces cty's regex functions
// and OpenTofu's replace use: compile errors in Go's words, submatch indexes, and Go's
// ReplaceAllString template expansion ($1, ${name}, $$).
import { RE2JS, RE2JSSyntaxException } from "re2js";

/** The parts of re2js's Go-style RE2 object these functions use (re2js does not export its type). */
interface GoRegexp {
  findSubmatchIndex(s: string): number[] | null;
  findAllSubmatchIndex(s: string, n: number): number[][] | null;
  replaceAllFunc(src: string, repl: (match: string) => string, maxReplaces: number): string;
}

/** A compiled pattern: the Go-style matcher, the group count and each group's name ("" when unnamed). */
export interface CompiledRegexp {
  readonly re: GoRegexp;
  readonly groupNames: readonly string[];
}

/** Why a pattern did not compile: Go's syntax error code and the offending text, or another message. */
export class RegexpSyntaxError extends Error {
  readonly code = "TOFUKIT_FUNCTIONS_REGEXP" as const;
  constructor(
    /** Go's regexp/syntax ErrorCode text, e.g. "missing closing )". */
    readonly errorCode: string | undefined,
    /** The part of the pattern the error is about. */
    readonly expr: string,
    message: string,
  ) {
    super(message);
    this.name = "RegexpSyntaxError";
  }
}

const cache = new Map<string, CompiledRegexp>();
const CACHE_LIMIT = 256;

/** Compiles `pattern` as Go's regexp.Compile; throws RegexpSyntaxError. Recent patterns are cached. */
export function compileRegexp(pattern: string): CompiledRegexp {
  const hit = cache.get(pattern);
  if (hit !== undefined) return hit;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) {
      throw new RegexpSyntaxError(e.error, e.input ?? "", e.message);
    }
    throw new RegexpSyntaxError(undefined, pattern, e instanceof Error ? e.message : String(e));
  }
  const names: string[] = new Array<string>(compiled.groupCount()).fill("");
  for (const [name, index] of Object.entries(compiled.namedGroups())) names[index - 1] = name;
  const result: CompiledRegexp = { re: compiled.re2() as unknown as GoRegexp, groupNames: names };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, result);
  return result;
}

function isNameChar(c: string): boolean {
  return /^[\p{L}\p{Nd}_]$/u.test(c);
}

/** Go's Regexp.Expand of `template` for one match (indexes into `src`). */
function expand(template: string, src: string, match: readonly number[], names: readonly string[]): string {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const dollar = template.indexOf("$", i);
    if (dollar < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, dollar);
    i = dollar;
    if (template[i + 1] === "$") {
      out += "$";
      i += 2;
      continue;
    }
    // $name or ${name}: letters, digits and underscores; anything else leaves the $ as text.
    const brace = template[i + 1] === "{";
    let j = i + (brace ? 2 : 1);
    const nameStart = j;
    while (j < template.length) {
      const cp = String.fromCodePoint(template.codePointAt(j)!);
      if (!isNameChar(cp)) break;
      j += cp.length;
    }
    const name = template.slice(nameStart, j);
    if (name === "" || (brace && template[j] !== "}")) {
      out += "$";
      i++;
      continue;
    }
    i = brace ? j + 1 : j;
    let group = -1;
    if (/^[0-9]+$/.test(name)) {
      group = name.length > 8 ? -1 : Number(name);
      if (group >= 0 && 2 * group < match.length && match[2 * group]! >= 0) {
        out += src.slice(match[2 * group], match[2 * group + 1]);
      }
      continue;
    }
    const k = names.indexOf(name);
    if (k >= 0 && match[2 * (k + 1)]! >= 0) out += src.slice(match[2 * (k + 1)], match[2 * (k + 1) + 1]);
  }
  return out;
}

/** Go's Regexp.ReplaceAllString(src, template). */
export function replaceAllString(c: CompiledRegexp, src: string, template: string): string {
  const all = c.re.findAllSubmatchIndex(src, -1);
  if (all === null || all.length === 0) return src;
  let out = "";
  let last = 0;
  for (const m of all) {
    out += src.slice(last, m[0]);
    out += expand(template, src, m, c.groupNames);
    last = m[1]!;
  }
  return out + src.slice(last);
}
