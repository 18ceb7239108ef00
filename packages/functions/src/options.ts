// What the function table takes from its caller: files, the clock and randomness, so the
// package stays pure and its impure functions stay deterministic under test.

/** Reads a file for the filesystem functions: its bytes, or throws an Error whose message is shown. */
export type FileReader = (path: string) => Uint8Array;

/** A directory listing for `fileset`: the entries directly inside `dir` (names, not paths). */
export interface DirectoryEntry {
  readonly name: string;
  readonly isDirectory: boolean;
}
export type DirectoryLister = (dir: string) => readonly DirectoryEntry[];

export interface FunctionOptions {
  /** Reads files for `file`, `filebase64`, `templatefile`, `filemd5`, …; without it they fail with a clear error. */
  readonly readFile?: FileReader;
  /** Lists directories for `fileset` and tells files from directories for `fileexists`/`abspath`. */
  readonly listDirectory?: DirectoryLister;
  /** The directory relative paths resolve against (OpenTofu's module directory). Default ".". */
  readonly baseDir?: string;
  /** The directory `abspath` resolves relative paths against (the process's working directory). Default "/". */
  readonly workingDirectory?: string;
  /** The home directory `~` expands to in `pathexpand` and the file functions; without it they fail on `~`. */
  readonly homeDirectory?: string;
  /**
   * How deeply `templatefile` may call itself (OpenTofu's TF_TEMPLATE_RECURSION_DEPTH). Default 256,
   * not OpenTofu's 1024: JavaScript's stack holds about 500 levels of nested templates.
   */
  readonly templateRecursionDepth?: number;
  /** The clock for `timestamp`. Default: the real clock. */
  readonly now?: () => Date;
  /** The value of `plantimestamp()`. Default: the clock's time when the table was made. */
  readonly planTimestamp?: Date;
  /** Random bytes for `uuid` and `bcrypt`'s salt. Default: `crypto.getRandomValues`. */
  readonly randomBytes?: (n: number) => Uint8Array;
}
