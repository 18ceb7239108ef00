// RSA PKCS #1 v1.5 decryption in plain bigint arithmetic (Node 20's crypto refuses this padding
// for private decryption), failing as Go's rsa.DecryptPKCS1v15 does: one "decryption error"
// for every kind of failure, so the failure says nothing about the padding.
import type { RsaPrivateKey } from "./rsa-private-key.js";

export const DECRYPTION_ERROR = "crypto/rsa: decryption error";

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

function byteLength(n: bigint): number {
  return Math.ceil(n.toString(16).length / 2);
}

/** The plaintext bytes, or null for Go's ErrDecryption. */
export function rsaDecryptPkcs1v15(key: RsaPrivateKey, ciphertext: Uint8Array): Uint8Array | null {
  const k = byteLength(key.n);
  if (k < 11 || ciphertext.length !== k) return null;
  let c = 0n;
  for (const b of ciphertext) c = (c << 8n) | BigInt(b);
  if (c >= key.n) return null;
  // The Chinese remainder theorem: two half-size exponentiations instead of one full one.
  const { p, q, d } = key;
  const m1 = modPow(c, d % (p - 1n), p);
  const m2 = modPow(c, d % (q - 1n), q);
  const h = (modInverse(q, p) * (((m1 - m2) % p) + p)) % p;
  let m = m2 + h * q;
  if (p * q !== key.n) m = modPow(c, d, key.n);
  const em = new Uint8Array(k);
  for (let i = k - 1; i >= 0 && m > 0n; i--) {
    em[i] = Number(m & 0xffn);
    m >>= 8n;
  }
  if (em[0] !== 0 || em[1] !== 2) return null;
  let sep = -1;
  for (let i = 2; i < k; i++) {
    if (em[i] === 0) {
      sep = i;
      break;
    }
  }
  if (sep < 10) return null;
  return em.slice(sep + 1);
}
