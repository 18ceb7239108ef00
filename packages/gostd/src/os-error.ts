// The texts Go prints for operating-system errors: syscall.Errno's strings (Linux, where the
// reference's answers were recorded) and os.PathError's `<op> <path>: <text>`. Node reports the
// same errors by their errno names (`ENOENT`), so this maps a name to Go's words.

const ERRNO_TEXTS = {
  EACCES: "permission denied",
  EBUSY: "device or resource busy",
  EEXIST: "file exists",
  EFBIG: "file too large",
  EINVAL: "invalid argument",
  EIO: "input/output error",
  EISDIR: "is a directory",
  ELOOP: "too many levels of symbolic links",
  EMFILE: "too many open files",
  ENAMETOOLONG: "file name too long",
  ENOENT: "no such file or directory",
  ENOEXEC: "exec format error",
  ENOSPC: "no space left on device",
  ENOTDIR: "not a directory",
  ENOTEMPTY: "directory not empty",
  ENXIO: "no such device or address",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ETXTBSY: "text file busy",
  EXDEV: "invalid cross-device link",
} as const satisfies Readonly<Record<string, string>>;

/** The errno names (as Node reports them) whose Go texts are known. */
export type GoErrno = keyof typeof ERRNO_TEXTS;

/** Go's text of the errno Node names `code` (`ENOENT` → "no such file or directory"), if known. */
export function goErrnoText(code: GoErrno): string;
export function goErrnoText(code: string): string | undefined;
export function goErrnoText(code: string): string | undefined {
  return Object.hasOwn(ERRNO_TEXTS, code) ? ERRNO_TEXTS[code as GoErrno] : undefined;
}

/**
 * The message of Go's `*os.PathError` (or `*exec.Error`'s `fork/exec`) for the errno Node names
 * `code`: `open /x: no such file or directory`. Undefined for an errno without a known text.
 */
export function goPathError(op: string, path: string, code: GoErrno): string;
export function goPathError(op: string, path: string, code: string): string | undefined;
export function goPathError(op: string, path: string, code: string): string | undefined {
  const text = goErrnoText(code);
  return text === undefined ? undefined : `${op} ${path}: ${text}`;
}
