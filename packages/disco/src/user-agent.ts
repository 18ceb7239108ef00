// The User-Agent of discovery requests: `tofukit/<version>`, plus TF_APPEND_USER_AGENT as OpenTofu does.
import { VERSION } from "./version.js";

/** The default User-Agent product token. */
export const DEFAULT_USER_AGENT = `tofukit/${VERSION}`;

/**
 * `base` followed by the trimmed `TF_APPEND_USER_AGENT` when it has any text, the way OpenTofu
 * builds `OpenTofu/<version> <appended>`.
 */
export function userAgent(base: string, env: Readonly<Record<string, string | undefined>>): string {
  const appended = env.TF_APPEND_USER_AGENT?.trim() ?? "";
  return appended === "" ? base : `${base} ${appended}`;
}
