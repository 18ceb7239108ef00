// Reading configuration and variable files as text: regular files only, up to a size limit.
import { isAscii } from "node:buffer";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** The largest file read: past it a file is refused rather than read into memory. */
export const MAX_FILE_SIZE = 64 * 1024 * 1024;

/** A file that cannot be read as text: missing, not a regular file, too large, unreadable. */
export class FileReadError extends Error {
  readonly code = "TOFUKIT_CLI_FILE_READ";

  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Error while reading ${path}: ${reason}.`);
    this.name = "FileReadError";
  }
}

function systemReason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case "ENOENT":
      return "the file does not exist";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "it is a directory, not a file";
    default:
      return typeof code === "string" ? `the system reported ${code}` : "it could not be read";
  }
}

/**
 * The file's contents as UTF-8 text, exactly as readFileSync(path, "utf8") gives them (invalid
 * sequences become U+FFFD, a byte order mark is kept). Only a regular file (or a link to one) is
 * read: a directory, a device such as /dev/zero or a FIFO is refused with a FileReadError before
 * any read, as is a file over MAX_FILE_SIZE. The file is opened without blocking, so that a FIFO
 * is never waited on. Most configuration files are plain ASCII, which takes a native check and a
 * byte copy instead of UTF-8 decoding: for a 5 MB file, well under a millisecond instead of tens.
 */
export function readText(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new FileReadError(path, systemReason(error));
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new FileReadError(path, "it is a directory, not a file");
    if (!stat.isFile()) throw new FileReadError(path, "it is not a regular file");
    if (stat.size > MAX_FILE_SIZE) {
      throw new FileReadError(path, `it is larger than the limit of ${MAX_FILE_SIZE / 1024 / 1024} MiB`);
    }
    // Read to the end, whatever the size said: a file may grow while it is read.
    const chunks: Buffer[] = [];
    let total = 0;
    let chunk = Buffer.allocUnsafe(stat.size + 1);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > MAX_FILE_SIZE) {
        throw new FileReadError(path, `it is larger than the limit of ${MAX_FILE_SIZE / 1024 / 1024} MiB`);
      }
      chunk = Buffer.allocUnsafe(1 << 16);
    }
    const text = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
    return isAscii(text) ? text.toString("latin1") : text.toString("utf8");
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(path, systemReason(error));
  } finally {
    closeSync(fd);
  }
}
