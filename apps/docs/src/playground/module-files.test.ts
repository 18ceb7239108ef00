import { describe, expect, it } from "vitest";
import { dirOf, splitFiles, treePath, VARIABLES_FILE } from "./module-files.js";

describe("the module mode's # file: lines", () => {
  it("make a text without them one variables.tf", () => {
    const text = 'variable "x" {}\n# a comment, not a file\n';
    expect(splitFiles(text)).toEqual({ files: [{ path: VARIABLES_FILE, text, offset: 0 }], problems: [] });
  });

  it("start a file each, up to the next one, with its offset in the whole text", () => {
    const text =
      '# file: main.tf\nmodule "a" {\n  source = "./a"\n}\n# file: a/variables.tf\nvariable "x" {}\n';
    const { files, problems } = splitFiles(text);
    expect(problems).toEqual([]);
    expect(files.map((f) => [f.path, f.text])).toEqual([
      ["main.tf", 'module "a" {\n  source = "./a"\n}\n'],
      ["a/variables.tf", 'variable "x" {}\n'],
    ]);
    for (const f of files) expect(text.slice(f.offset, f.offset + f.text.length)).toBe(f.text);
  });

  it("allow comments and blank lines before the first file, and no other text", () => {
    expect(splitFiles("# The example\n\n# file: main.tf\n").problems).toEqual([]);
    const text = 'variable "x" {}\n# file: main.tf\n';
    expect(splitFiles(text).problems).toEqual([
      expect.objectContaining({ summary: "Text outside any file", from: 0, to: 15 }),
    ]);
  });

  it("allow empty files, the last one without a newline too", () => {
    const { files, problems } = splitFiles("# file: a.tf\n# file: b/c.tf\n\n# file: d.tf");
    expect(problems).toEqual([]);
    expect(files.map((f) => [f.path, f.text])).toEqual([
      ["a.tf", ""],
      ["b/c.tf", "\n"],
      ["d.tf", ""],
    ]);
  });

  it("report a path given twice (in any spelling) at its second line", () => {
    const text = "# file: m/a.tf\nx = 1\n# file: ./m//b/../a.tf\n";
    const { files, problems } = splitFiles(text);
    expect(files.map((f) => f.path)).toEqual(["m/a.tf"]);
    expect(problems).toEqual([
      {
        summary: "Duplicate file",
        detail: "m/a.tf is given twice: first at line 1.",
        from: 21,
        to: text.length - 1,
      },
    ]);
  });

  it("report the root's terraform.tfvars, which the second editor holds", () => {
    expect(splitFiles("# file: terraform.tfvars\n").problems.map((p) => p.summary)).toEqual([
      "Duplicate file",
    ]);
  });

  it("report paths that leave the root module or are not relative", () => {
    const { files, problems } = splitFiles(
      "# file: ../outside.tf\n# file: a/../../b.tf\n# file: /etc/x.tf\n# file: C:\\x.tf\n# file: a/\n# file:\n# file: ok.tf\n",
    );
    expect(files.map((f) => f.path)).toEqual(["ok.tf"]);
    expect(problems.map((p) => p.detail)).toEqual([
      "../outside.tf is outside the root module's directory.",
      "a/../../b.tf is outside the root module's directory.",
      "/etc/x.tf is an absolute path: give paths relative to the root module.",
      "C:\\x.tf is an absolute path: give paths relative to the root module.",
      "a/ names a directory, not a file.",
      "The line names no file.",
    ]);
  });
});

describe("tree paths", () => {
  it("are /-separated and relative, with their directory", () => {
    expect(treePath("modules\\a\\main.tf")).toEqual({ path: "modules/a/main.tf" });
    expect(treePath("./a/./b/../c.tf")).toEqual({ path: "a/c.tf" });
    expect(dirOf("main.tf")).toBe(".");
    expect(dirOf("modules/a/main.tf")).toBe("modules/a");
  });
});
