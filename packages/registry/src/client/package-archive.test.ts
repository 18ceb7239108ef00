// Unpacking archives: what lands in the directory, and what is refused before anything escapes it.
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { gzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { tar } from "../../test/tar-writer.js";
import { ModulePackageError } from "./module-package-error.js";
import { archiveFormatOf, unpackArchive } from "./package-archive.js";

const limits = { maxUnpackedBytes: 1 << 20, maxEntries: 100 };
const target = () => mkdtempSync(join(tmpdir(), "tofukit-unpack-"));
const encode = (s: string) => new TextEncoder().encode(s);

function refusal(run: () => void): ModulePackageError {
  try {
    run();
  } catch (error) {
    if (error instanceof ModulePackageError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("archiveFormatOf", () => {
  it("takes archive= first, else the longest known suffix", () => {
    expect(archiveFormatOf("/m.tar.gz", null)).toBe("tar.gz");
    expect(archiveFormatOf("/M.TGZ", null)).toBe("tgz");
    expect(archiveFormatOf("/m", "zip")).toBe("zip");
    expect(archiveFormatOf("/m.zip", "false")).toBeUndefined();
    expect(archiveFormatOf("/module", null)).toBeUndefined();
  });
});

describe("unpackArchive", () => {
  it("writes files, directories, executables and links inside the package", () => {
    const dir = target();
    const archive = tar([
      { name: "a/", type: "dir" },
      { name: "a/run.sh", data: "#!/bin/sh\n", mode: 0o4755 },
      { name: "a/b/c.tf", data: "x" },
      { name: "a/b/up.tf", type: "symlink", linkname: "../run.sh" },
      { name: "./top.tf", data: "top" },
    ]);
    unpackArchive(archive, "tar", dir, limits, "pkg");
    expect(readFileSync(join(dir, "a/b/c.tf"), "utf8")).toBe("x");
    expect(readFileSync(join(dir, "top.tf"), "utf8")).toBe("top");
    expect(lstatSync(join(dir, "a/run.sh")).mode & 0o7777).toBe(0o755);
    expect(readlinkSync(join(dir, "a/b/up.tf"))).toBe("../run.sh");
  });

  it("reads gzip-compressed tar and zip the same way", () => {
    const gz = target();
    unpackArchive(gzipSync(tar([{ name: "main.tf", data: "gz" }])), "tar.gz", gz, limits, "pkg");
    expect(readFileSync(join(gz, "main.tf"), "utf8")).toBe("gz");
    const zip = target();
    unpackArchive(zipSync({ "d/main.tf": encode("zip") }), "zip", zip, limits, "pkg");
    expect(readFileSync(join(zip, "d/main.tf"), "utf8")).toBe("zip");
  });

  it.each([
    ["a parent reference", [{ name: "../x.tf", data: "x" }], "entry contains '..': ../x.tf"],
    ["a parent reference inside", [{ name: "a/../../x.tf", data: "x" }], "entry contains '..': a/../../x.tf"],
    ["an absolute path", [{ name: "/etc/x.tf", data: "x" }], "entry is an absolute path: /etc/x.tf"],
    [
      "a link out of the package",
      [{ name: "l", type: "symlink" as const, linkname: "../../x" }],
      "symlink l points outside the package: ../../x",
    ],
    [
      "an absolute link",
      [{ name: "l", type: "symlink" as const, linkname: "/etc/passwd" }],
      "symlink l points outside the package: /etc/passwd",
    ],
    [
      // "q/../x" reads as "x", but through the link q (to ".") it is the package's parent.
      "a link that climbs back out through another link",
      [
        { name: "q", type: "symlink" as const, linkname: "." },
        { name: "r", type: "symlink" as const, linkname: "q/../x" },
      ],
      "symlink r points outside the package: q/../x",
    ],
    [
      "a link inside a linked directory",
      [
        { name: "d/", type: "dir" as const },
        { name: "s", type: "symlink" as const, linkname: "d" },
        { name: "s/t", type: "symlink" as const, linkname: "../x" },
      ],
      "symlink s/t points outside the package: ../x",
    ],
  ])("refuses %s", (_what, items, message) => {
    const dir = target();
    const error = refusal(() => unpackArchive(tar(items), "tar", dir, limits, "pkg"));
    expect(error.code).toBe("TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSAFE");
    expect(error.message).toBe(message);
    expect(existsSync(join(dir, "..", "x.tf"))).toBe(false);
  });

  it("refuses too many entries and too many bytes, zip bombs included, before writing them", () => {
    const many = tar(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.tf`, data: "" })));
    expect(refusal(() => unpackArchive(many, "tar", target(), limits, "pkg")).message).toBe(
      "the package has more than 100 entries",
    );
    const bomb = zipSync({ "big.tf": new Uint8Array(2 << 20) });
    expect(bomb.length).toBeLessThan(1 << 20);
    const dir = target();
    expect(refusal(() => unpackArchive(bomb, "zip", dir, limits, "pkg")).code).toBe(
      "TOFUKIT_REGISTRY_MODULE_TOO_LARGE",
    );
    expect(readdirSync(dir)).toEqual([]);
    const gzBomb = gzipSync(tar([{ name: "big.tf", data: new Uint8Array(2 << 20) }]));
    expect(refusal(() => unpackArchive(gzBomb, "tar.gz", target(), limits, "pkg")).code).toBe(
      "TOFUKIT_REGISTRY_MODULE_TOO_LARGE",
    );
  });

  it("refuses a corrupt header, a truncated archive and bytes that are no archive with a typed error", () => {
    const archive = tar([{ name: "main.tf", data: "x".repeat(600) }]);
    const corrupt = archive.slice();
    corrupt[10] = 0x41;
    expect(refusal(() => unpackArchive(corrupt, "tar", target(), limits, "pkg")).message).toBe(
      "archive/tar: invalid tar header",
    );
    expect(refusal(() => unpackArchive(archive.slice(0, 700), "tar", target(), limits, "pkg")).message).toBe(
      "unexpected EOF",
    );
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom("tar", "tar.gz", "zip"),
        (bytes, format) => {
          try {
            unpackArchive(bytes, format as "tar" | "tar.gz" | "zip", target(), limits, "pkg");
          } catch (error) {
            expect(error).toBeInstanceOf(ModulePackageError);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
