// The filesystem functions: abspath, basename, dirname, pathexpand, file, filebase64,
// fileexists, fileset and templatefile, as OpenTofu's funcs/filesystem.go, reading through the
// caller's readFile/listDirectory (the Node entry point supplies real ones) and resolving paths
// as Go's path/filepath does on Unix.
import {
  boolVal,
  CtyFunction,
  FunctionError,
  markedVal,
  marksOf,
  setVal,
  setValEmpty,
  stringVal,
  t,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import { basePath, cleanPath, dirPath, isAbsPath, joinPath, relPath } from "@tofukit/gostd";
import { base64Encode } from "../base64.js";
import type { DirectoryEntry, FunctionOptions } from "../options.js";
import { errorCode, expandHome, readFileBytes, redacted, resolvePath } from "./file-access.js";
import { BadPatternError, glob } from "./glob.js";
import { fileText, templateFileFunction } from "./template-file.js";

function withMarks(v: Value, ...from: readonly ReadonlySet<string>[]): Value {
  const marks = new Set<string>();
  for (const m of from) for (const x of m) marks.add(x);
  return marks.size > 0 ? markedVal(v, marks) : v;
}

function pathFunction(body: (path: string) => string): CtyFunction {
  return new CtyFunction({
    params: [{ name: "path", type: t.string }],
    type: () => t.string,
    impl: ([p]) => stringVal(body(p!.asString())),
  });
}

function file(options: FunctionOptions, base64: boolean): CtyFunction {
  return new CtyFunction({
    params: [{ name: "path", type: t.string, allowMarked: true }],
    type: () => t.string,
    impl: ([p]) => {
      const marks = marksOf(p!);
      const path = unmarkedVal(p!).asString();
      const text = base64
        ? base64Encode(readFileBytes(options, path, marks, 0))
        : fileText(options, path, marks);
      return withMarks(stringVal(text), marks);
    },
  });
}

function lister(options: FunctionOptions): (dir: string) => readonly DirectoryEntry[] | null {
  const list = options.listDirectory;
  if (list === undefined) {
    throw new FunctionError(
      "no directory lister is configured: pass listDirectory in the options (or use @tofukit/functions/node)",
    );
  }
  return (dir) => {
    try {
      return list(dir);
    } catch (e) {
      const code = errorCode(e);
      if (code === "ENOENT" || code === "ENOTDIR") return null;
      throw new FunctionError(e instanceof Error ? e.message : String(e));
    }
  };
}

function fileexists(options: FunctionOptions): CtyFunction {
  return new CtyFunction({
    params: [{ name: "path", type: t.string, allowMarked: true }],
    type: () => t.bool,
    impl: ([p]) => {
      const marks = marksOf(p!);
      let path: string;
      try {
        path = resolvePath(unmarkedVal(p!).asString(), options);
      } catch (e) {
        throw e instanceof FunctionError ? e : new FunctionError(String(e));
      }
      const shown = redacted(path, marks);
      // OpenTofu reports these against argument 1 of this one-argument function.
      const notAFile = (what: string) => new FunctionError(`${shown} is ${what}`, 1);
      const base = basePath(path);
      if (base === "." || base === "/" || base === "..") throw notAFile("a directory, not a file");
      if (options.listDirectory !== undefined) {
        const entries = lister(options)(dirPath(path));
        const entry = entries?.find((e) => e.name === base);
        if (entry === undefined) return withMarks(boolVal(false), marks);
        if (entry.isDirectory) throw notAFile("a directory, not a file");
        return withMarks(boolVal(true), marks);
      }
      if (options.readFile === undefined) {
        throw new FunctionError(
          "no file reader is configured: pass readFile in the options (or use @tofukit/functions/node)",
        );
      }
      try {
        options.readFile(path);
        return withMarks(boolVal(true), marks);
      } catch (e) {
        const code = errorCode(e);
        if (code === "ENOENT" || code === "ENOTDIR") return withMarks(boolVal(false), marks);
        if (code === "EISDIR") throw notAFile("a directory, not a file");
        if (code === "ENOTREG") throw notAFile("not a regular file");
        throw new FunctionError(`failed to stat ${shown}`);
      }
    },
  });
}

/** The joined pattern split where doublestar splits it: the directories before the first meta character, and the rest. */
function splitPattern(pattern: string): { base: string; rest: string } {
  const segs = pattern.split("/");
  const i = segs.findIndex((s) => /[*?[{\\]/.test(s));
  if (i < 0) return { base: dirPath(pattern), rest: basePath(pattern) };
  const base = segs.slice(0, i).join("/");
  return { base: base === "" ? (pattern.startsWith("/") ? "/" : ".") : base, rest: segs.slice(i).join("/") };
}

function fileset(options: FunctionOptions): CtyFunction {
  return new CtyFunction({
    params: [
      { name: "path", type: t.string, allowMarked: true },
      { name: "pattern", type: t.string, allowMarked: true },
    ],
    type: () => t.set(t.string),
    impl: ([p, pat]) => {
      const pathMarks = marksOf(p!);
      const patternMarks = marksOf(pat!);
      let path = unmarkedVal(p!).asString();
      if (!isAbsPath(path)) path = joinPath(options.baseDir ?? ".", path);
      const pattern = joinPath(path, unmarkedVal(pat!).asString());
      const list = lister(options);
      const { base, rest } = splitPattern(cleanPath(pattern));
      let matches: ReturnType<typeof glob>;
      try {
        matches = glob(base, rest, list);
      } catch (e) {
        if (e instanceof BadPatternError) {
          const marks = new Set([...pathMarks, ...patternMarks]);
          throw new FunctionError(`failed to glob pattern ${redacted(pattern, marks)}: ${e.message}`);
        }
        throw e;
      }
      const out: Value[] = [];
      for (const m of matches) {
        if (m.isDirectory) continue;
        const rel = relPath(path, joinPath(base, m.path));
        if (rel !== null) out.push(stringVal(rel));
      }
      const set = out.length === 0 ? setValEmpty(t.string) : setVal(out);
      return withMarks(set, pathMarks, patternMarks);
    },
  });
}

/** The filesystem functions by name. */
export function filesystemFunctions(
  options: FunctionOptions,
  wholeTable: () => Record<string, CtyFunction>,
): Record<string, CtyFunction> {
  return {
    abspath: pathFunction((path) =>
      isAbsPath(path) ? cleanPath(path) : joinPath(options.workingDirectory ?? "/", path),
    ),
    basename: pathFunction(basePath),
    dirname: pathFunction(dirPath),
    pathexpand: pathFunction((path) => expandHome(path, options)),
    file: file(options, false),
    filebase64: file(options, true),
    fileexists: fileexists(options),
    fileset: fileset(options),
    // Templates see the whole table, which the table's assembly makes on first use.
    templatefile: templateFileFunction(options, wholeTable),
  };
}
