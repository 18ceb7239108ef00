// The error of tofukit's bounded file reader (@tofukit/gostd/node), in the main entry so that pure
// code handed a reader can recognize it: a stable code, Go's message text, the errno if any.

export type FileReadErrorCode =
  | "TOFUKIT_GOSTD_FILE_NOT_FOUND"
  | "TOFUKIT_GOSTD_FILE_IS_DIRECTORY"
  | "TOFUKIT_GOSTD_FILE_NOT_REGULAR"
  | "TOFUKIT_GOSTD_FILE_TOO_LARGE"
  | "TOFUKIT_GOSTD_FILE_UNREADABLE";

const brand = Symbol.for("tofukit.FileReadError");

/** A file that was not read; `message` is Go's text where Go has one (`open x: no such file or directory`). */
export class FileReadError extends Error {
  readonly code: FileReadErrorCode;
  /** The file, as it was named. */
  readonly path: string;
  /**
   * The errno name the system gave (`ENOENT`, `EACCES`, `ENOTDIR`; `EISDIR` for a directory), as
   * Node's own errors carry it in `code`; undefined for a refusal of tofukit's own.
   */
  readonly systemCode: string | undefined;

  constructor(code: FileReadErrorCode, path: string, message: string, systemCode?: string) {
    super(message);
    this.code = code;
    this.path = path;
    this.systemCode = systemCode;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(FileReadError.prototype, "name", {
  value: "FileReadError",
  writable: true,
  configurable: true,
});
Object.defineProperty(FileReadError.prototype, brand, { value: true });
