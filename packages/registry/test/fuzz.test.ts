// Fuzzing every parser: whatever the text, a result or the package's typed error, never a
// TypeError or RangeError; parseLockFile never throws at all.
// Longer runs: TOFUKIT_FUZZ_RUNS=100000 ../../node_modules/.bin/vitest run src/fuzz.test.ts

import { fuzzRuns, fuzzText } from "@tofukit/test-support/fuzz-input";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HashError,
  parseLockFile,
  parseModuleSource,
  parseModuleSourceRegistry,
  parseModuleVersion,
  parseModuleVersionConstraint,
  parseProviderHash,
  parseProviderPart,
  parseProviderSource,
  parseProviderVersion,
  parseProviderVersionConstraint,
  parseProviderVersionConstraintRuby,
  RegistryAddressError,
  VersionError,
} from "../src/index.js";

const addressPieces = [
  "/",
  "//",
  "./",
  "../",
  ".\\",
  "?",
  "?ref=",
  "&",
  "=",
  ":",
  "::",
  "://",
  "@",
  "#",
  "%",
  "%zz",
  "%41",
  "git",
  "git::",
  "https",
  "s3::",
  "github.com",
  "bitbucket.org",
  ".googleapis.com/",
  ".amazonaws.com/",
  "registry.opentofu.org",
  "xn--",
  "--",
  "-",
  "_",
  ".",
  "..",
  "example.com",
  ":443",
  ":99999",
  "[",
  "]",
  "ß",
  "испытание",
  "\u200d",
  "\u0000",
  "\n",
  " ",
  "A",
  "z",
  "9",
  "terraform-provider-",
  "opentofu-",
];
const addressSeeds = [
  "hashicorp/consul/aws//modules/x",
  "example.com:1234/ns/name/sys",
  "github.com/hashicorp/terraform-cidr-subnets//example/foo?ref=bar/baz",
  "git::git@example.com:code/baz.git//bleep/bloop",
  "s3-eu-west-1.amazonaws.com/examplecorp-terraform-modules/vpc.zip",
  "www.googleapis.com/storage/v1/BUCKET_NAME/PATH_TO_MODULE",
  "./nope\\nope/why\\./please\\don't",
  "https://user:pass@example.com:8080/module?archive=tar#frag",
  "registry.opentofu.org/hashicorp/aws",
  "terraform.io/builtin/terraform",
];
const versionPieces = [
  "v",
  ".",
  "-",
  "+",
  ",",
  " ",
  "~>",
  ">=",
  "<=",
  "!=",
  "=>",
  "=<",
  "^",
  "*",
  "x",
  "X",
  "0",
  "1",
  "99999999999999999999",
  "alpha",
  "beta.2",
  "~",
  "||",
  "\t",
  "\u00a0",
  "ä",
];
const versionSeeds = [
  "1.2.3",
  ">= 1.0, < 2.0",
  "~> 1.2.3-beta+meta",
  "v1.0.0-rc.1",
  "1.0.0.0",
  "= 1.0.0+b1",
  "1.7rc2",
  "!= 2.0.0-beta1, 2.0.0-beta1",
];

function typed(run: () => unknown, ...classes: (abstract new (...args: never[]) => Error)[]): void {
  try {
    run();
  } catch (error) {
    if (!classes.some((c) => error instanceof c)) throw error;
    expect((error as { code: string }).code).toMatch(/^TOFUKIT_REGISTRY_/);
  }
}

describe("fuzzing", () => {
  it("address parsers give an address or a RegistryAddressError", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fuzzText(addressSeeds, addressPieces), (src) => {
        typed(() => String(parseModuleSource(src)), RegistryAddressError);
        typed(() => parseModuleSourceRegistry(src).forDisplay(), RegistryAddressError);
        typed(() => parseProviderSource(src).forDisplay(), RegistryAddressError);
        typed(() => parseProviderPart(src), RegistryAddressError);
        typed(() => parseProviderHash(src), HashError);
      }),
      { numRuns: fuzzRuns(1500) },
    );
  });

  it("version parsers give a version or a VersionError", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fuzzText(versionSeeds, versionPieces), (src) => {
        typed(() => String(parseModuleVersion(src)), VersionError);
        typed(() => String(parseProviderVersion(src)), VersionError);
        typed(() => parseModuleVersionConstraint(src).allows("1.2.3"), VersionError);
        typed(() => parseProviderVersionConstraint(src).allows("1.2.3"), VersionError);
        typed(() => String(parseProviderVersionConstraintRuby(src)), VersionError);
      }),
      { numRuns: fuzzRuns(1500) },
    );
  });

  it("parseLockFile reports diagnostics and never throws", { timeout: 120_000 }, () => {
    const seeds = [
      'provider "registry.opentofu.org/hashicorp/aws" {\n  version     = "5.0.0"\n  constraints = "~> 5.0"\n  hashes = [\n    "h1:abc=",\n  ]\n}\n',
      'module "x" {\n}\nprovider "a/b" {\n  version = null\n}\n',
    ];
    const pieces = [
      "provider",
      "module",
      '"',
      "{",
      "}",
      "[",
      "]",
      "=",
      ",",
      "\n",
      "version",
      "constraints",
      "hashes",
      "null",
      "1.0.0",
      "~> 1",
      "h1:",
      // A template interpolation, which lock files may not contain.
      ["$", "{x}"].join(""),
      "#",
      " ",
    ];
    fc.assert(
      fc.property(fuzzText(seeds, pieces), (src) => {
        const { diagnostics } = parseLockFile(src);
        for (const d of diagnostics) expect(typeof d.summary).toBe("string");
      }),
      { numRuns: fuzzRuns(600) },
    );
  });
});
