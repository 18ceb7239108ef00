// The README's /node example, kept working.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileReadError } from "../src/index.js";
import { readFileWithin, readFileWithinAsync } from "../src/node.js";

describe("README /node example", () => {
  it("gives what the comments say", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gostd-readme-"));
    const path = join(dir, "terraform.tfvars");
    try {
      expect(() => readFileWithin(path, 64 * 1024 * 1024)).toThrow(FileReadError);
      expect(() => readFileWithin(path, 64 * 1024 * 1024)).toThrow(`open ${path}: no such file or directory`);
      expect(await readFileWithinAsync("/dev/zero", 1024).catch((e: FileReadError) => e.code)).toBe(
        "TOFUKIT_GOSTD_FILE_NOT_REGULAR",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
