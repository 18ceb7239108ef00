import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileReadError } from "./file-read-error.js";
import { readFileWithin, readFileWithinAsync, utf8Text } from "./node-bounded-file.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "gostd-bounded-"));
  writeFileSync(join(dir, "small"), "héllo\n");
  writeFileSync(join(dir, "exact"), Buffer.alloc(1024, 0x61));
  writeFileSync(join(dir, "big"), Buffer.alloc(1025, 0x61));
  writeFileSync(join(dir, "empty"), "");
  mkdirSync(join(dir, "sub"));
  symlinkSync(join(dir, "small"), join(dir, "link"));
  symlinkSync("/dev/zero", join(dir, "zero"));
  execFileSync("mkfifo", [join(dir, "fifo")]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readers = [
  ["readFileWithin", async (path: string, max: number) => readFileWithin(path, max)],
  ["readFileWithinAsync", readFileWithinAsync],
] as const;

describe.each(readers)("%s", (_, read) => {
  const failure = async (path: string, max = 1024): Promise<FileReadError> => {
    try {
      await read(path, max);
    } catch (error) {
      expect(error).toBeInstanceOf(FileReadError);
      return error as FileReadError;
    }
    throw new Error(`${path} was read`);
  };

  it("reads a regular file, and a link to one, up to the limit exactly", async () => {
    expect(utf8Text(await read(join(dir, "small"), 1024))).toBe("héllo\n");
    expect(utf8Text(await read(join(dir, "link"), 1024))).toBe("héllo\n");
    expect((await read(join(dir, "exact"), 1024)).length).toBe(1024);
    expect((await read(join(dir, "empty"), 1024)).length).toBe(0);
  });

  it("reports a missing file as Go's os.Open does", async () => {
    const path = join(dir, "none");
    const error = await failure(path);
    expect([error.code, error.systemCode, error.path, error.message]).toEqual([
      "TOFUKIT_GOSTD_FILE_NOT_FOUND",
      "ENOENT",
      path,
      `open ${path}: no such file or directory`,
    ]);
    expect((await failure(join(dir, "small", "x"))).message).toBe(
      `open ${join(dir, "small", "x")}: not a directory`,
    );
  });

  it("reports a directory as Go's os.ReadFile does", async () => {
    const path = join(dir, "sub");
    const error = await failure(path);
    expect([error.code, error.systemCode, error.message]).toEqual([
      "TOFUKIT_GOSTD_FILE_IS_DIRECTORY",
      "EISDIR",
      `read ${path}: is a directory`,
    ]);
  });

  it("refuses a FIFO without waiting on it, and a device without reading it", async () => {
    expect((await failure(join(dir, "fifo"))).code).toBe("TOFUKIT_GOSTD_FILE_NOT_REGULAR");
    const zero = await failure(join(dir, "zero"));
    expect([zero.code, zero.message]).toEqual([
      "TOFUKIT_GOSTD_FILE_NOT_REGULAR",
      `read ${join(dir, "zero")}: not a regular file`,
    ]);
  });

  it("refuses a file over the limit", async () => {
    const path = join(dir, "big");
    const error = await failure(path);
    expect([error.code, error.message]).toEqual([
      "TOFUKIT_GOSTD_FILE_TOO_LARGE",
      `read ${path}: larger than the limit of 1024 bytes`,
    ]);
  });
});

describe("utf8Text", () => {
  it("decodes as Buffer#toString does, ASCII or not", () => {
    expect(utf8Text(Buffer.from("plain ascii"))).toBe("plain ascii");
    expect(utf8Text(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0xff))).toBe("\ufeffa\ufffd");
    expect(utf8Text(Buffer.from("xx\u00e9yy").subarray(2, 4))).toBe("é");
  });
});
