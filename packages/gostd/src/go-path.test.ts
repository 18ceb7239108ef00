import { describe, expect, it } from "vitest";
import { basePath, cleanPath, dirPath, isAbsPath, joinPath, relPath } from "./index.js";

describe("Go's path functions", () => {
  // Go's path_test.go cleantests.
  it.each([
    ["", "."],
    ["abc", "abc"],
    ["abc/def", "abc/def"],
    ["a/b/c", "a/b/c"],
    [".", "."],
    ["..", ".."],
    ["../..", "../.."],
    ["../../abc", "../../abc"],
    ["/abc", "/abc"],
    ["/", "/"],
    ["abc/", "abc"],
    ["abc/def/", "abc/def"],
    ["a/b/c/", "a/b/c"],
    ["./", "."],
    ["../", ".."],
    ["../../", "../.."],
    ["/abc/", "/abc"],
    ["abc//def//ghi", "abc/def/ghi"],
    ["//abc", "/abc"],
    ["///abc", "/abc"],
    ["//abc//", "/abc"],
    ["abc//", "abc"],
    ["abc/./def", "abc/def"],
    ["/./abc/def", "/abc/def"],
    ["abc/.", "abc"],
    ["abc/def/ghi/../jkl", "abc/def/jkl"],
    ["abc/def/../ghi/../jkl", "abc/jkl"],
    ["abc/def/..", "abc"],
    ["abc/def/../..", "."],
    ["/abc/def/../..", "/"],
    ["abc/def/../../..", ".."],
    ["/abc/def/../../..", "/"],
    ["abc/def/../../../ghi/jkl/../../../mno", "../../mno"],
    ["abc/./../def", "def"],
    ["abc//./../def", "def"],
    ["abc/../../././../def", "../../def"],
  ])("Clean(%j) is %j", (given, want) => {
    expect(cleanPath(given)).toBe(want);
  });

  it("joins, splits and relates paths as path/filepath does on Unix", () => {
    expect(joinPath("a", "", "b/../c")).toBe("a/c");
    expect(joinPath("", "")).toBe("");
    expect(basePath("/a/b/")).toBe("b");
    expect(basePath("")).toBe(".");
    expect(basePath("///")).toBe("/");
    expect(dirPath("/a/b")).toBe("/a");
    expect(dirPath("a")).toBe(".");
    expect(isAbsPath("/x")).toBe(true);
    expect(isAbsPath("x")).toBe(false);
    expect(relPath("/a/b", "/a/b/c/d")).toBe("c/d");
    // Only targets inside the base, which is all fileset needs.
    expect(relPath("/a/b", "/a/x")).toBeNull();
  });
});
