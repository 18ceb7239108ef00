// fileset's globs as doublestar v4 (FilepathGlob) matches them, walking the caller's directory
// listings: `*` and `?` within one path segment, `[…]` classes (`!` or `^` negates), `{a,b}`
// alternatives, `\` escapes, and `**` as a whole segment for any number of directories.
// Alternatives that contain a `/` are not supported (they match nothing).

import { joinPath } from "@tofukit/gostd";
import type { DirectoryEntry } from "../options.js";

/** A pattern doublestar refuses (its ErrBadPattern). */
export class BadPatternError extends Error {
  constructor() {
    super("syntax error in pattern");
  }
}

const META = /[*?[{\\]/;

function escapeRegExp(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

/** A regular expression for one path segment's pattern. */
function segmentRegExp(seg: string): RegExp {
  let i = 0;
  const parse = (inAlternative: boolean): string => {
    let out = "";
    while (i < seg.length) {
      const c = seg[i]!;
      if (inAlternative && (c === "," || c === "}")) return out;
      i++;
      if (c === "\\") {
        if (i >= seg.length) throw new BadPatternError();
        out += escapeRegExp(seg[i++]!);
      } else if (c === "*") out += "[^/]*";
      else if (c === "?") out += "[^/]";
      else if (c === "[") {
        let cls = "";
        if (seg[i] === "!" || seg[i] === "^") {
          cls += "^";
          i++;
        }
        let first = true;
        while (i < seg.length && (seg[i] !== "]" || first)) {
          const d = seg[i++]!;
          if (d === "\\") {
            if (i >= seg.length) throw new BadPatternError();
            cls += escapeRegExp(seg[i++]!);
          } else cls += d === "-" ? "-" : escapeRegExp(d);
          first = false;
        }
        if (seg[i] !== "]") throw new BadPatternError();
        i++;
        out += `[${cls}]`;
      } else if (c === "{") {
        const alts: string[] = [];
        for (;;) {
          alts.push(parse(true));
          if (i >= seg.length) throw new BadPatternError();
          if (seg[i++] === "}") break;
        }
        out += `(?:${alts.join("|")})`;
      } else out += escapeRegExp(c);
    }
    if (inAlternative) throw new BadPatternError();
    return out;
  };
  return new RegExp(`^${parse(false)}$`, "u");
}

function unescapeSegment(seg: string): string {
  return seg.replace(/\\(.)/gu, "$1");
}

interface GlobMatch {
  readonly path: string;
  readonly isDirectory: boolean;
}

/** The paths under `base` that match `pattern` (relative to `base`), each once. */
export function glob(
  base: string,
  pattern: string,
  list: (dir: string) => readonly DirectoryEntry[] | null,
): GlobMatch[] {
  const segs = pattern.split("/");
  const matchers = segs.map((s) => (s === "**" || !META.test(s) ? null : segmentRegExp(s)));
  const found = new Map<string, boolean>();
  const walk = (rel: string, isDir: boolean, i: number): void => {
    if (i === segs.length) {
      found.set(rel, isDir);
      return;
    }
    if (!isDir) return;
    const entries = list(rel === "" ? base : joinPath(base, rel));
    if (entries === null) return;
    const seg = segs[i]!;
    const child = (name: string) => (rel === "" ? name : `${rel}/${name}`);
    if (seg === "**") {
      walk(rel, true, i + 1);
      for (const e of entries) if (e.isDirectory) walk(child(e.name), true, i);
      // `**` at the end matches files below it too.
      if (i === segs.length - 1) for (const e of entries) if (!e.isDirectory) found.set(child(e.name), false);
      return;
    }
    const matcher = matchers[i];
    const literal = matcher === null ? unescapeSegment(seg) : null;
    for (const e of entries) {
      if (literal !== null ? e.name === literal : matcher!.test(e.name))
        walk(child(e.name), e.isDirectory, i + 1);
    }
  };
  // Check the whole pattern's syntax first, as doublestar does.
  for (const s of segs) if (s !== "**" && META.test(s)) segmentRegExp(s);
  walk("", true, 0);
  return [...found].map(([path, isDirectory]) => ({ path, isDirectory }));
}
