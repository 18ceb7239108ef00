import { describe, expect, it } from "vitest";
import { cleanLocalSource, moduleSourceKind } from "./module-source-kind.js";

describe("moduleSourceKind", () => {
  it("knows local paths by OpenTofu's four prefixes only", () => {
    for (const raw of ["./a", "../a", ".\\a", "..\\a", "./", "../"])
      expect(moduleSourceKind(raw)).toBe("local");
    for (const raw of ["a/b", "/abs/path", "hashicorp/consul/aws", "git::https://x/y.git", ".a", "..a", ""]) {
      expect(moduleSourceKind(raw)).toBe("registry or remote");
    }
  });
});

describe("cleanLocalSource (TestParseModuleSource's local cases)", () => {
  it.each([
    ["./child", "./child"],
    ["./nope/../child", "./child"],
    ["./nope/../../sibling", "../sibling"],
    ["./nope\\nope/why\\./please\\don't", "./nope/nope/why/please/don't"],
    ["../sibling", "../sibling"],
    ["./", "./."],
    ["../", "./.."],
    ["./..", "./.."],
    [".//a//b/", "./a/b"],
  ])("%s → %s", (raw, want) => {
    expect(cleanLocalSource(raw)).toBe(want);
  });
});
