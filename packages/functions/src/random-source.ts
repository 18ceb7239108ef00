// Random bytes for uuid and bcrypt's salt: the caller's source, or Web Crypto's.
import type { FunctionOptions } from "./options.js";

export function randomSource(options: FunctionOptions): (n: number) => Uint8Array {
  return options.randomBytes ?? ((n) => globalThis.crypto.getRandomValues(new Uint8Array(n)));
}
