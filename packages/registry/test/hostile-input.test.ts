// Long and hostile inputs: every parser finishes in linear time. Each input is big enough that
// quadratic work would run far past the generous timeout.
import { describe, expect, it } from "vitest";
import {
  parseLockFile,
  parseModuleSource,
  parseModuleVersion,
  parseModuleVersionConstraint,
  parseProviderSource,
  parseProviderVersionConstraintRuby,
} from "../src/index.js";

const N = 400_000;

function settles(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect((error as { code?: string }).code).toMatch(/^TOFUKIT_REGISTRY_/);
  }
}

describe("hostile inputs", () => {
  const inputs: [string, string][] = [
    ["many slashes", "a/".repeat(N)],
    ["many at-signs and colons", "@:".repeat(N)],
    ["a long scp-like path ending in a newline", `git@h:${"a".repeat(N)}\n`],
    ["a long query", `github.com/a/b?${"x=1&".repeat(N / 4)}`],
    ["many percent signs", `https://h/${"%".repeat(N)}`],
    ["a long host label", `${"a".repeat(N)}.com/a/b/c`],
    ["double slashes", "//".repeat(N)],
    ["backslashes", `.\\${"..\\".repeat(N / 3)}`],
  ];
  for (const [name, text] of inputs) {
    it(`module and provider sources: ${name}`, { timeout: 20_000 }, () => {
      settles(() => parseModuleSource(text));
      settles(() => parseProviderSource(text));
    });
  }

  const versions: [string, string][] = [
    ["long prerelease", `1.0.0-${"a-".repeat(N)}!`],
    ["many segments", `${"1.".repeat(N)}x`],
    ["many commas", ">= 1.0,".repeat(N / 8)],
    ["many dashes", `1.0.0${"-".repeat(N)}+`],
    ["spaces", `>=${" ".repeat(N)}1`],
  ];
  for (const [name, text] of versions) {
    it(`versions and constraints: ${name}`, { timeout: 20_000 }, () => {
      settles(() => parseModuleVersion(text));
      settles(() => parseModuleVersionConstraint(text));
      settles(() => parseProviderVersionConstraintRuby(text));
    });
  }

  it("a lock file with thousands of providers", { timeout: 30_000 }, () => {
    let text = "";
    for (let i = 0; i < 5_000; i++)
      text += `provider "example.com/ns/p${i}" {\n  version = "1.0.${i}"\n  hashes = ["h1:${i}"]\n}\n`;
    const { providers, diagnostics } = parseLockFile(text);
    expect(diagnostics).toEqual([]);
    expect(providers.size).toBe(5_000);
  });
});
