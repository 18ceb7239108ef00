// Reading CLI configuration and credentials files: regular files only, up to a size limit.
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { goPathError } from "@tofukit/gostd";

/** The largest configuration or credentials file read; a larger one is refused. */
export const MAX_CONFIG_FILE_SIZE = 16 * 1024 * 1024;

/** A Node-style error with a `code`, so callers report it as they report the system's own. */
function fileError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The file's text, as readFile(path, "utf8") gives it, but only from a regular file (or a link to
 * one) of at most MAX_CONFIG_FILE_SIZE bytes. The file is opened without blocking, so a FIFO
 * named like a configuration file is refused instead of waited on forever, and a link to
 * /dev/zero is refused instead of read without end. A directory fails with `EISDIR`, any other
 * non-regular file with `ENOTREGULAR`, a file too large with `EFBIG`.
 */
export async function readConfigFile(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw fileError("EISDIR", goPathError("read", path, "EISDIR"));
    if (!stat.isFile()) throw fileError("ENOTREGULAR", `read ${path}: not a regular file`);
    if (stat.size > MAX_CONFIG_FILE_SIZE) {
      throw fileError(
        "EFBIG",
        `read ${path}: larger than the limit of ${MAX_CONFIG_FILE_SIZE / 1024 / 1024} MiB`,
      );
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.max(stat.size + 1 - total, 1 << 16));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > MAX_CONFIG_FILE_SIZE) {
        throw fileError(
          "EFBIG",
          `read ${path}: larger than the limit of ${MAX_CONFIG_FILE_SIZE / 1024 / 1024} MiB`,
        );
      }
    }
    return Buffer.concat(chunks, total).toString("utf8");
  } finally {
    await handle.close();
  }
}
