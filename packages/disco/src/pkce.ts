// Proof Key for Code Exchange (RFC 7636, method S256): the secret the token request proves and
// the challenge the authorization request carries, so an intercepted code is useless alone.
import { createHash, randomBytes } from "node:crypto";

interface ProofKey {
  /** 43 characters of base64url: 256 random bits, within RFC 7636's 43–128 unreserved characters. */
  readonly verifier: string;
  /** BASE64URL(SHA-256(verifier)), as `code_challenge_method=S256` defines it. */
  readonly challenge: string;
}

export function proofKey(random: (n: number) => Uint8Array = randomBytes): ProofKey {
  const verifier = Buffer.from(random(32)).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}
