// Unpacking module packages: a tar.gz and a zip of 500 small .tf files (a large module), into a
// fresh directory each time. Reading dominates nothing here; the file system writes do.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync, zipSync } from "fflate";
import { afterAll, bench, describe } from "vitest";
import { unpackArchive } from "../src/client/package-archive.js";
import { readTar } from "../src/client/tar-reader.js";
import { tar } from "../test/tar-writer.js";

const text = `variable "x" {\n  type = string\n  default = "${"y".repeat(400)}"\n}\n`;
const items = Array.from({ length: 500 }, (_, i) => ({ name: `modules/m${i % 20}/f${i}.tf`, data: text }));
const tarball = tar(items);
const tgz = gzipSync(tarball);
const zip = zipSync(Object.fromEntries(items.map((i) => [i.name, new TextEncoder().encode(i.data)])));
const limits = { maxUnpackedBytes: 1 << 30, maxEntries: 100_000 };
const root = mkdtempSync(join(tmpdir(), "tofukit-bench-"));
let n = 0;

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("module packages of 500 files", () => {
  bench("reading the tar entries", () => {
    for (const _ of readTar(tarball));
  });
  bench("unpacking a tar.gz", () => {
    unpackArchive(tgz, "tar.gz", mkdtempSync(join(root, `t${n++}-`)), limits, "bench");
  });
  bench("unpacking a zip", () => {
    unpackArchive(zip, "zip", mkdtempSync(join(root, `z${n++}-`)), limits, "bench");
  });
});
