// Reading SHA256SUMS as OpenTofu does: Go's fields, and the list of `zh:` hashes it vouches for.
import { describe, expect, it } from "vitest";
import { checksumListHashes, goFields } from "./sha256sums.js";

const a = "A".repeat(64);
const b = "0123456789abcdef".repeat(4);

describe("goFields", () => {
  it("splits at any of Go's white space, runs of it included", () => {
    expect(goFields(" x \t y\u00a0z\u2003 ")).toEqual(["x", "y", "z"]);
    expect(goFields("")).toEqual([]);
  });
});

describe("checksumListHashes", () => {
  it("gives every line's hash as a lower-case zh: hash", () => {
    expect(checksumListHashes(`${a}  one.zip\r\n${b}  two.zip\n`)).toEqual([
      `zh:${a.toLowerCase()}`,
      `zh:${b}`,
    ]);
  });

  it("gives nothing when any line is not a hash and a name", () => {
    expect(checksumListHashes(`${a}  one.zip\n${b}\n`)).toEqual([]);
    expect(checksumListHashes(`${a}  one.zip\n${"g".repeat(64)}  two.zip\n`)).toEqual([]);
    expect(checksumListHashes(`${a.slice(2)}  one.zip\n`)).toEqual([]);
  });

  it("skips empty lines", () => {
    expect(checksumListHashes(`\n${b}  two.zip\n\n`)).toEqual([`zh:${b}`]);
  });
});
