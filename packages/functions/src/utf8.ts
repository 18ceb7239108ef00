// UTF-8 both ways: strings to bytes, and bytes to a string only when they are valid UTF-8 (as
// Go's utf8.Valid checks before a function hands bytes back as a string).

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function utf8Bytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** The text of valid UTF-8 bytes, or null. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}
