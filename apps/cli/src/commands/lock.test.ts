import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../io.js";
import { currentPlatform, parsePlatform, writeFileAtomically } from "./lock.js";

describe("parsePlatform", () => {
  it("reads OS_ARCH", () => {
    expect(parsePlatform("linux_amd64")).toEqual({ os: "linux", arch: "amd64" });
    expect(parsePlatform(currentPlatform())).toMatchObject({ os: expect.stringMatching(/^[a-z0-9]+$/) });
  });

  it.each([
    ["linux", "must be two words separated by an underscore"],
    ["linux_amd64_v2", "must be two words separated by an underscore"],
    ["Linux_amd64", "OS portion must be lowercase alphanumeric"],
    ["linux_AMD64", "architecture portion must be lowercase alphanumeric"],
  ])("refuses %s: %s", (text, problem) => {
    expect(() => parsePlatform(text)).toThrow(UsageError);
    expect(() => parsePlatform(text)).toThrow(
      `The string "${text}" given in the --platform option is not a valid target platform: ${problem}.`,
    );
  });
});

describe("writeFileAtomically", () => {
  it("replaces the file whole and leaves no temporary file", () => {
    const dir = mkdtempSync(join(tmpdir(), "tofukit-atomic-"));
    const file = join(dir, ".terraform.lock.hcl");
    writeFileSync(file, "old\n");
    writeFileAtomically(file, "new\n");
    expect(readFileSync(file, "utf8")).toBe("new\n");
    expect(readdirSync(dir)).toEqual([".terraform.lock.hcl"]);
    expect(statSync(file).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it("leaves the old file and no temporary file when the target cannot be replaced", () => {
    const dir = mkdtempSync(join(tmpdir(), "tofukit-atomic-"));
    const target = join(dir, "is-a-directory");
    writeFileSync(join(dir, "keep"), "x");
    // A non-empty directory cannot be renamed over.
    mkdirSync(join(target, "inside"), { recursive: true });
    expect(() => writeFileAtomically(target, "new\n")).toThrow();
    expect(readdirSync(dir).sort()).toEqual(["is-a-directory", "keep"]);
  });
});
