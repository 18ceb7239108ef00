// Reading a file the way tofukit's Node entries read user-named files: only a regular file (or a
// link to one), at most a given number of bytes, with the failures as Go's os package words them.
// The file is opened without blocking, so a FIFO named like a configuration file is refused
// instead of waited on forever, and its size is checked once open, so /dev/zero is refused instead
// of read without end. Reading goes on to the end whatever the size said: a file may grow.
import { isAscii } from "node:buffer";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import { FileReadError } from "./file-read-error.js";
import { goPathError } from "./os-error.js";

/** The size limit tofukit's Node entries put on a user-named file unless told otherwise: 64 MiB. */
export const DEFAULT_MAX_FILE_SIZE = 64 * 1024 * 1024;

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function systemFailure(op: "open" | "read", path: string, error: unknown): FileReadError {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string") throw error;
  const text = error instanceof Error ? error.message : String(error);
  return new FileReadError(
    code === "ENOENT" ? "TOFUKIT_GOSTD_FILE_NOT_FOUND" : "TOFUKIT_GOSTD_FILE_UNREADABLE",
    path,
    goPathError(op, path, code) ?? `${op} ${path}: ${text}`,
    code,
  );
}

function tooLarge(path: string, maxBytes: number): FileReadError {
  return new FileReadError(
    "TOFUKIT_GOSTD_FILE_TOO_LARGE",
    path,
    `read ${path}: larger than the limit of ${maxBytes} bytes`,
  );
}

function refusal(
  path: string,
  stat: { isFile(): boolean; isDirectory(): boolean; size: number },
  maxBytes: number,
): FileReadError | null {
  // os.ReadFile opens a directory and fails on the read: "read PATH: is a directory".
  if (stat.isDirectory())
    return new FileReadError(
      "TOFUKIT_GOSTD_FILE_IS_DIRECTORY",
      path,
      goPathError("read", path, "EISDIR"),
      "EISDIR",
    );
  if (!stat.isFile())
    return new FileReadError("TOFUKIT_GOSTD_FILE_NOT_REGULAR", path, `read ${path}: not a regular file`);
  return stat.size > maxBytes ? tooLarge(path, maxBytes) : null;
}

/** What has been read so far, refusing more than the limit: the file may have grown since its stat. */
class Collected {
  private readonly chunks: Uint8Array[] = [];
  private total = 0;
  /** Where the next read goes: the whole file at once when its size is right. */
  next: Buffer;

  constructor(
    readonly path: string,
    readonly maxBytes: number,
    size: number,
  ) {
    this.next = Buffer.allocUnsafe(size + 1);
  }

  /** Keeps the `n` bytes just read into `next`; false at the end of the file. */
  take(n: number): boolean {
    if (n === 0) return false;
    this.chunks.push(this.next.subarray(0, n));
    this.total += n;
    if (this.total > this.maxBytes) throw tooLarge(this.path, this.maxBytes);
    this.next = Buffer.allocUnsafe(1 << 16);
    return true;
  }

  bytes(): Uint8Array {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.total);
  }
}

/** The bytes of the regular file at `path`, at most `maxBytes` of them; throws {@link FileReadError}. */
export function readFileWithin(path: string, maxBytes: number): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    throw systemFailure("open", path, error);
  }
  try {
    const stat = fstatSync(fd);
    const refused = refusal(path, stat, maxBytes);
    if (refused !== null) throw refused;
    const read = new Collected(path, maxBytes, stat.size);
    while (read.take(readSync(fd, read.next, 0, read.next.length, null)));
    return read.bytes();
  } catch (error) {
    throw error instanceof FileReadError ? error : systemFailure("read", path, error);
  } finally {
    closeSync(fd);
  }
}

/** {@link readFileWithin} without blocking the event loop. */
export async function readFileWithinAsync(path: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await open(path, OPEN_FLAGS).catch((error: unknown) => {
    throw systemFailure("open", path, error);
  });
  try {
    const stat = await handle.stat();
    const refused = refusal(path, stat, maxBytes);
    if (refused !== null) throw refused;
    const read = new Collected(path, maxBytes, stat.size);
    while (read.take((await handle.read(read.next, 0, read.next.length, null)).bytesRead));
    return read.bytes();
  } catch (error) {
    throw error instanceof FileReadError ? error : systemFailure("read", path, error);
  } finally {
    await handle.close();
  }
}

/**
 * Bytes as text, as Buffer#toString("utf8") decodes them (invalid sequences as U+FFFD, a byte
 * order mark kept). Plain ASCII, which most configuration is, takes a native check and a byte copy
 * instead of UTF-8 decoding.
 */
export function utf8Text(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return isAscii(buffer) ? buffer.toString("latin1") : buffer.toString("utf8");
}
