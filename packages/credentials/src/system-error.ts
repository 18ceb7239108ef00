// Reading Node's system errors (`ENOENT`, `EACCES`) the way Go prints them.
import { FileReadError, goPathError as pathErrorText } from "@tofukit/gostd";

/** The `code` of a Node system error (`ENOENT`), if any. */
export function errorCode(error: unknown): string | undefined {
  // The bounded reader's FileReadError has tofukit's code, and the errno in `systemCode`.
  if (error instanceof FileReadError) return error.systemCode;
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** An error's message, for wrapping it in ours. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `<op> <path>: <strerror>` as Go's `*PathError` prints it, falling back to Node's message. */
export function goPathError(op: string, path: string, error: unknown): string {
  return pathErrorText(op, path, errorCode(error) ?? "") ?? messageOf(error);
}
