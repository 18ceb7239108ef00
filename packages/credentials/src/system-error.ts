// Reading Node's system errors (`ENOENT`, `EACCES`) the way Go prints them.

/** The `code` of a Node system error (`ENOENT`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** An error's message, for wrapping it in ours. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const goTexts: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOEXEC: "exec format error",
  ENOTDIR: "not a directory",
  EISDIR: "is a directory",
  EEXIST: "file exists",
  ENOSPC: "no space left on device",
  EROFS: "read-only file system",
};

/** `<op> <path>: <strerror>` as Go's `*PathError` prints it, falling back to Node's message. */
export function goPathError(op: string, path: string, error: unknown): string {
  const text = goTexts[errorCode(error) ?? ""];
  return text === undefined ? messageOf(error) : `${op} ${path}: ${text}`;
}
