import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { boolVal, objectVal, setVal, stringVal } from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callError, fn } from "../test/function-call.js";
import { nodeFileAccess, openTofuFunctionsForNode } from "./node.js";

let dir: string;
const s = stringVal;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tofukit-functions-"));
  mkdirSync(join(dir, "templates/nested"), { recursive: true });
  writeFileSync(join(dir, "hello.txt"), "Hello World");
  writeFileSync(join(dir, "big.bin"), new Uint8Array(2048));
  writeFileSync(join(dir, "templates/greet.tmpl"), "Hello, ${name}!");
  writeFileSync(join(dir, "templates/nested/inner.txt"), "inner");
  symlinkSync(join(dir, "templates"), join(dir, "linked"));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("@tofukit/functions/node", () => {
  it("reads real files under the base directory", () => {
    const table = openTofuFunctionsForNode({ baseDir: dir });
    expect(fn(table, "file").call([s("hello.txt")])).toEqual(s("Hello World"));
    expect(fn(table, "filesha256").call([s("hello.txt")])).toEqual(
      s("a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e"),
    );
    expect(fn(table, "fileexists").call([s("hello.txt")])).toEqual(boolVal(true));
    expect(fn(table, "fileexists").call([s("nope.txt")])).toEqual(boolVal(false));
    expect(
      fn(table, "templatefile").call([s("templates/greet.tmpl"), objectVal([["name", s("Ada")]])]),
    ).toEqual(s("Hello, Ada!"));
  });

  it("lists directories for fileset, following symbolic links", () => {
    const table = openTofuFunctionsForNode({ baseDir: dir });
    expect(fn(table, "fileset").call([s("."), s("**/*.txt")])).toEqual(
      setVal(["hello.txt", "linked/nested/inner.txt", "templates/nested/inner.txt"].map(s)),
    );
  });

  it("refuses directories and files over the size limit", () => {
    const table = openTofuFunctionsForNode({ baseDir: dir, maxFileSize: 1024 });
    expect(callError(fn(table, "file"), [s("templates")]).message).toMatch(/is a directory/);
    expect(callError(fn(table, "filebase64"), [s("big.bin")]).message).toMatch(
      /larger than the limit of 1024 bytes/,
    );
    expect(callError(fn(table, "fileexists"), [s("templates")]).message).toBe(
      `${JSON.stringify(join(dir, "templates"))} is a directory, not a file`,
    );
  });

  it("gives options that evaluate through HCL text", () => {
    const table = openTofuFunctionsForNode({ ...nodeFileAccess(dir) });
    const { expr } = parseExpression(
      'jsonencode({ text = file("hello.txt"), ok = fileexists("hello.txt") })',
    );
    const out = evaluate(expr, { functions: table });
    expect(out.diagnostics).toEqual([]);
    expect(out.value).toEqual(s('{"ok":true,"text":"Hello World"}'));
  });
});
