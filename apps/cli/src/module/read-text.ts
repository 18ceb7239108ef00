// Reading configuration and variable files as text: regular files only, up to a size limit.
import { FileReadError as UnreadableFile } from "@tofukit/gostd";
import { readFileWithin, utf8Text } from "@tofukit/gostd/node";

/** The largest file read: past it a file is refused rather than read into memory. */
const MAX_FILE_SIZE = 64 * 1024 * 1024;

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

/** The CLI's words for why the bounded reader refused a file. */
function reasonOf(error: UnreadableFile): string {
  switch (error.code) {
    case "TOFUKIT_GOSTD_FILE_NOT_FOUND":
      return "the file does not exist";
    case "TOFUKIT_GOSTD_FILE_IS_DIRECTORY":
      return "it is a directory, not a file";
    case "TOFUKIT_GOSTD_FILE_NOT_REGULAR":
      return "it is not a regular file";
    case "TOFUKIT_GOSTD_FILE_TOO_LARGE":
      return `it is larger than the limit of ${MAX_FILE_SIZE / 1024 / 1024} MiB`;
    case "TOFUKIT_GOSTD_FILE_UNREADABLE":
      return error.systemCode === "EACCES" || error.systemCode === "EPERM"
        ? "permission denied"
        : `the system reported ${error.systemCode}`;
  }
}

/**
 * The file's contents as UTF-8 text, exactly as readFileSync(path, "utf8") gives them (invalid
 * sequences become U+FFFD, a byte order mark is kept), read by @tofukit/gostd's bounded reader:
 * only a regular file (or a link to one), opened without waiting on a FIFO, at most MAX_FILE_SIZE
 * bytes; anything else is a FileReadError. Plain ASCII takes a native check and a byte copy
 * instead of UTF-8 decoding: for a 5 MB file, well under a millisecond instead of tens.
 */
export function readText(path: string): string {
  try {
    return utf8Text(readFileWithin(path, MAX_FILE_SIZE));
  } catch (error) {
    if (error instanceof UnreadableFile) throw new FileReadError(path, reasonOf(error));
    throw error;
  }
}
