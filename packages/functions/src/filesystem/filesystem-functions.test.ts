import {
  boolVal,
  markedVal,
  marksOf,
  objectVal,
  SENSITIVE,
  setVal,
  setValEmpty,
  stringVal,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { callError, fn } from "../../test/function-call.js";
import { openTofuFunctions } from "../open-tofu-functions.js";
import type { DirectoryEntry, FunctionOptions } from "../options.js";
import { filesystemFunctions } from "./filesystem-functions.js";

/** An in-memory file tree: paths to contents, directories implied. */
function memoryFiles(
  files: Record<string, string | Uint8Array>,
): Pick<FunctionOptions, "readFile" | "listDirectory"> {
  const enc = new TextEncoder();
  const entries = new Map(
    Object.entries(files).map(([k, v]) => [k, typeof v === "string" ? enc.encode(v) : v]),
  );
  const isDir = (p: string) => [...entries.keys()].some((k) => k.startsWith(`${p}/`)) || p === ".";
  const notFound = (p: string) =>
    Object.assign(new Error(`open ${p}: no such file or directory`), { code: "ENOENT" });
  return {
    readFile: (path) => {
      const b = entries.get(path);
      if (b !== undefined) return b;
      if (isDir(path)) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
      throw notFound(path);
    },
    listDirectory: (dir) => {
      if (!isDir(dir)) throw notFound(dir);
      const prefix = dir === "." ? "" : `${dir}/`;
      const out = new Map<string, DirectoryEntry>();
      for (const k of entries.keys()) {
        if (!k.startsWith(prefix)) continue;
        const [name, ...more] = k.slice(prefix.length).split("/");
        out.set(name!, { name: name!, isDirectory: more.length > 0 });
      }
      return [...out.values()];
    },
  };
}

const files = memoryFiles({
  "testdata/hello.txt": "Hello World",
  "testdata/hello.tmpl": "Hello, ${name}!",
  "testdata/icon.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]),
  "testdata/list.tmpl": "%{ for x in list ~}\n- ${x}\n%{ endfor ~}\n",
  "testdata/func.tmpl": 'The items are ${join(", ", list)}',
  "testdata/bare.tmpl": "${val}",
  "testdata/recursive.tmpl": '${templatefile("testdata/recursive.tmpl", {})}\n',
  "testdata/for.tmpl": "%{ for k, v in m }${k}=${v};%{ endfor }${base64encode(s)}",
  "testdata/sub/deep/a.txt": "a",
  "testdata/sub/b.txt": "b",
});
const options: FunctionOptions = {
  ...files,
  baseDir: ".",
  workingDirectory: "/work/mod",
  homeDirectory: "/home/me",
};
const table = filesystemFunctions(options, () => openTofuFunctions(options));
const s = stringVal;
const call = (name: string, ...args: Value[]) => fn(table, name).call(args);
const err = (name: string, ...args: Value[]) => callError(fn(table, name), args);

describe("path functions", () => {
  it.each([
    ["basename", "foo/bar/baz.txt", "baz.txt"],
    ["basename", "/", "/"],
    ["basename", "", "."],
    ["basename", "foo/bar/", "bar"],
    ["dirname", "foo/bar/baz.txt", "foo/bar"],
    ["dirname", "/foo/bar/", "/foo/bar"],
    ["dirname", "baz.txt", "."],
    ["dirname", "", "."],
    ["dirname", "/", "/"],
    ["abspath", "/foo/../bar", "/bar"],
    ["abspath", "x/./y", "/work/mod/x/y"],
    ["pathexpand", "~/.ssh/id_rsa", "/home/me/.ssh/id_rsa"],
    ["pathexpand", "~", "/home/me"],
    ["pathexpand", "/etc/resolv.conf", "/etc/resolv.conf"],
    ["pathexpand", "x~", "x~"],
  ])("%s(%j) is %j", (name, input, want) => {
    expect(call(name, s(input))).toEqual(s(want));
  });

  it("refuses another user's home", () => {
    expect(err("pathexpand", s("~bob/x")).message).toBe("cannot expand user-specific home dir");
  });
});

describe("file and filebase64", () => {
  it("read through the reader relative to the base directory", () => {
    expect(call("file", s("testdata/hello.txt"))).toEqual(s("Hello World"));
    expect(call("filebase64", s("testdata/hello.txt"))).toEqual(s("SGVsbG8gV29ybGQ="));
    expect(call("filebase64", s("testdata/icon.png"))).toEqual(s("iVBOR//+"));
    expect(
      fn(
        filesystemFunctions({ ...files, baseDir: "testdata" }, () => ({})),
        "file",
      ).call([s("hello.txt")]),
    ).toEqual(s("Hello World"));
  });

  it("keep the path's marks", () => {
    expect(marksOf(call("file", markedVal(s("testdata/hello.txt"), [SENSITIVE]))).has(SENSITIVE)).toBe(true);
  });

  it("give OpenTofu's messages", () => {
    expect(err("file", s("testdata/icon.png"))).toEqual({
      message:
        'contents of "testdata/icon.png" are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead',
    });
    expect(err("file", s("testdata/missing"))).toEqual({
      message:
        'no file exists at "testdata/missing"; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource',
      argIndex: 0,
    });
    expect(err("file", markedVal(s("testdata/secrets.txt"), [SENSITIVE])).message).toMatch(
      /^no file exists at \(sensitive value\); /,
    );
    expect(
      callError(
        fn(
          filesystemFunctions({}, () => ({})),
          "file",
        ),
        [s("x")],
      ).message,
    ).toMatch(/no file reader is configured/);
  });
});

describe("fileexists", () => {
  it("tells files from missing paths", () => {
    expect(call("fileexists", s("testdata/hello.txt"))).toEqual(boolVal(true));
    expect(call("fileexists", s("testdata/missing"))).toEqual(boolVal(false));
    expect(call("fileexists", s("nodir/missing"))).toEqual(boolVal(false));
  });

  it("refuses directories as OpenTofu words it", () => {
    expect(err("fileexists", s(""))).toEqual({ message: '"." is a directory, not a file', argIndex: 1 });
    expect(err("fileexists", markedVal(s("testdata"), [SENSITIVE])).message).toBe(
      "(sensitive value) is a directory, not a file",
    );
  });
});

describe("fileset", () => {
  const set = (...xs: string[]) => (xs.length === 0 ? setValEmpty(t.string) : setVal(xs.map(s)));
  it.each([
    ["testdata*", []],
    ["testdata", []],
    ["{testdata,missing}", []],
    ["testdata/missing", []],
    ["testdata/missing*", []],
    ["*/missing", []],
    ["**/missing", []],
    ["testdata/*.txt", ["testdata/hello.txt"]],
    ["testdata/hello.txt", ["testdata/hello.txt"]],
    ["testdata/hello.???", ["testdata/hello.txt"]],
    ["testdata/hello*", ["testdata/hello.tmpl", "testdata/hello.txt"]],
    ["testdata/hello.{tmpl,txt}", ["testdata/hello.tmpl", "testdata/hello.txt"]],
    ["*/hello.txt", ["testdata/hello.txt"]],
    ["*/*.txt", ["testdata/hello.txt"]],
    ["*/hello*", ["testdata/hello.tmpl", "testdata/hello.txt"]],
    ["**/hello*", ["testdata/hello.tmpl", "testdata/hello.txt"]],
    ["**/hello.{tmpl,txt}", ["testdata/hello.tmpl", "testdata/hello.txt"]],
    ["**/*.txt", ["testdata/hello.txt", "testdata/sub/b.txt", "testdata/sub/deep/a.txt"]],
    ["testdata/sub/**", ["testdata/sub/b.txt", "testdata/sub/deep/a.txt"]],
    ["testdata/[a-i]*.png", ["testdata/icon.png"]],
    ["testdata/[a-h]*.png", []],
    [
      "testdata/[!h]*",
      ["bare.tmpl", "for.tmpl", "func.tmpl", "icon.png", "list.tmpl", "recursive.tmpl"].map(
        (f) => `testdata/${f}`,
      ),
    ],
  ])('fileset(".", %j)', (pattern, want) => {
    expect(call("fileset", s("."), s(pattern))).toEqual(set(...want));
  });

  it("gives paths relative to the path argument", () => {
    expect(call("fileset", s("testdata"), s("*.txt"))).toEqual(set("hello.txt"));
    expect(call("fileset", s("testdata"), s("missing"))).toEqual(set());
    expect(call("fileset", s("testdata/sub"), s("**"))).toEqual(set("b.txt", "deep/a.txt"));
  });

  it("refuses bad patterns, redacting marked ones", () => {
    expect(err("fileset", s("."), s("["))).toEqual({
      message: 'failed to glob pattern "[": syntax error in pattern',
    });
    expect(err("fileset", s("."), markedVal(s("["), [SENSITIVE])).message).toBe(
      "failed to glob pattern (sensitive value): syntax error in pattern",
    );
  });
});

describe("templatefile", () => {
  const full = openTofuFunctions(options);
  const tf = (path: string, vars: Value) => fn(full, "templatefile").call([s(path), vars]);
  const tfErr = (path: string, vars: Value) => callError(fn(full, "templatefile"), [s(path), vars]);

  it("renders templates with their variables", () => {
    expect(tf("testdata/hello.tmpl", objectVal([["name", s("Jodie")]]))).toEqual(s("Hello, Jodie!"));
    expect(tf("testdata/list.tmpl", objectVal([["list", tupleVal([s("a"), s("b"), s("c")])]]))).toEqual(
      s("- a\n- b\n- c\n"),
    );
    expect(tf("testdata/bare.tmpl", objectVal([["val", boolVal(true)]]))).toEqual(boolVal(true));
  });

  it("refuses bad vars as OpenTofu does", () => {
    expect(tfErr("testdata/hello.tmpl", objectVal([["name!", s("Jodie")]]))).toEqual({
      message:
        'invalid template variable name "name!": must start with a letter, followed by zero or more letters, digits, and underscores',
      argIndex: 1,
    });
    expect(tfErr("testdata/hello.tmpl", objectVal([]))).toEqual({
      message: 'vars map does not contain key "name", referenced at testdata/hello.tmpl:1,10-14',
      argIndex: 1,
    });
    expect(tfErr("testdata/hello.tmpl", s("x"))).toEqual({
      message: "invalid vars value: must be a map",
      argIndex: 1,
    });
  });

  it("reports evaluation errors as hcl's diagnostics text", () => {
    expect(tfErr("testdata/list.tmpl", objectVal([["list", boolVal(true)]]))).toEqual({
      message:
        "testdata/list.tmpl:1,13-17: Iteration over non-iterable value; A value of type bool cannot be used as the collection in a 'for' expression.",
    });
  });

  it("leaves out for-expression names when checking variables", () => {
    const m = objectVal([["a", s("1")]]);
    expect(
      tf(
        "testdata/for.tmpl",
        objectVal([
          ["m", m],
          ["s", s("x")],
        ]),
      ),
    ).toEqual(s("a=1;eA=="));
  });

  it("stops recursion at the configured depth with OpenTofu's message", { timeout: 60_000 }, () => {
    const e = tfErr("testdata/recursive.tmpl", objectVal([]));
    expect(e.message).toBe(
      "maximum recursion depth 256 reached in testdata/recursive.tmpl:1,3-16, testdata/recursive.tmpl:1,3-16 ... ",
    );
    const shallow = openTofuFunctions({ ...options, templateRecursionDepth: 3 });
    expect(
      callError(fn(shallow, "templatefile"), [s("testdata/recursive.tmpl"), objectVal([])]).message,
    ).toBe(
      "maximum recursion depth 3 reached in testdata/recursive.tmpl:1,3-16, testdata/recursive.tmpl:1,3-16 ... ",
    );
  });
});
