// Reading a SHA256SUMS document as OpenTofu does: lines split at "\n", fields split at Go's
// white space (bytes.Fields), and the whole document as a list of `zh:` hashes when every line is
// "hash name" (signatureAuthentication.acceptableHashes).
import { isGoSpace } from "../go-space.js";

/** bytes.Fields: the runs of non-space characters, by Go's unicode.IsSpace. */
export function goFields(line: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const ch of line) {
    if (isGoSpace(ch.codePointAt(0)!)) {
      if (current !== "") out.push(current);
      current = "";
    } else current += ch;
  }
  if (current !== "") out.push(current);
  return out;
}

/**
 * The `zh:` hashes a checksum list vouches for, or none when any line is not a 64-digit hex hash
 * followed by a name. Lines are bufio.ScanLines' (a trailing "\r" dropped); an empty line is
 * skipped, where OpenTofu would stop with an index-out-of-range panic.
 */
export function checksumListHashes(document: string): string[] {
  const hashes: string[] = [];
  const lines = document.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (const raw of lines) {
    const parts = goFields(raw.endsWith("\r") ? raw.slice(0, -1) : raw);
    if (parts.length === 0) continue;
    if (parts.length < 2) return [];
    const hex = parts[0]!;
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) return [];
    hashes.push(`zh:${hex.toLowerCase()}`);
  }
  return hashes;
}
