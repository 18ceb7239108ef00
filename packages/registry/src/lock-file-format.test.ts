// OpenTofu's TestSaveLocksToFile: the exact bytes `tofu init` writes, and reading them back.
import { describe, expect, it } from "vitest";
import {
  formatLockFile,
  type ProviderLock,
  parseLockFile,
  parseProviderSource,
  parseProviderVersion,
  parseProviderVersionConstraintRuby,
} from "./index.js";

function lock(source: string, version: string, constraints: string, hashes: string[] = []): ProviderLock {
  const p = parseProviderSource(source);
  return {
    provider: p,
    version: parseProviderVersion(version),
    constraints: parseProviderVersionConstraintRuby(constraints),
    hashes,
  };
}

const want = `# This file is maintained automatically by "tofu init".
# Manual edits may be lost in future updates.

provider "registry.opentofu.org/test/bar" {
  version     = "1.2.0"
  constraints = "~> 1.0"
}

provider "registry.opentofu.org/test/baz" {
  version = "1.2.0"
}

provider "registry.opentofu.org/test/boo" {
  version     = "1.2.0"
  constraints = "1.2.0"
}

provider "registry.opentofu.org/test/foo" {
  version     = "1.0.0"
  constraints = ">= 1.0.0"
  hashes = [
    "test:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "test:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
    "test:cccccccccccccccccccccccccccccccccccccccccccccccc",
  ]
}
`;

describe("formatLockFile (TestSaveLocksToFile)", () => {
  const locks = [
    lock("test/foo", "1.0.0", ">= 1.0.0", [
      "test:cccccccccccccccccccccccccccccccccccccccccccccccc",
      "test:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
      "test:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      "test:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ]),
    lock("test/bar", "1.2.0", "~> 1"),
    lock("test/baz", "1.2.0", ""),
    lock("test/boo", "1.2.0", "1.2"),
  ];

  it("writes what tofu init writes", () => {
    expect(formatLockFile(locks)).toBe(want);
  });

  it("reads back what it writes", () => {
    const { providers, diagnostics } = parseLockFile(want);
    expect(diagnostics).toEqual([]);
    expect(formatLockFile(providers.values())).toBe(want);
  });

  it("writes only the header for no providers", () => {
    expect(formatLockFile([])).toBe(
      '# This file is maintained automatically by "tofu init".\n# Manual edits may be lost in future updates.\n',
    );
  });

  it("sorts by the stored host, so punycode hosts sort as punycode", () => {
    // xn--4ca.example sorts before y.example, though "ä" sorts after "y".
    const text = formatLockFile([lock("y.example/a/b", "1.0.0", ""), lock("ä.example/a/b", "1.0.0", "")]);
    expect(text.indexOf('"ä.example/a/b"')).toBeLessThan(text.indexOf('"y.example/a/b"'));
  });
});

describe("formatLockFile quoting (hclwrite's escapes)", () => {
  it("escapes quotes, template introducers and unprintable characters in hashes", () => {
    // A hash with a template interpolation and directive in it, built so it reads as data.
    const hash = ['x:"$', "{a}%{b}\\\u0007\u200b😀"].join("");
    const text = formatLockFile([lock("a.b/c/d", "1.0.0", "", [hash])]);
    expect(text).toContain('    "x:\\"$${a}%%{b}\\\\\\u0007\\u200b😀",\n');
  });
});
