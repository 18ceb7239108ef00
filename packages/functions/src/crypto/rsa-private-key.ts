// RSA private keys as golang.org/x/crypto/ssh.ParseRawPrivateKey reads them for rsadecrypt:
// PEM "RSA PRIVATE KEY" (PKCS #1), "PRIVATE KEY" (PKCS #8) and "OPENSSH PRIVATE KEY"
// (unencrypted openssh-key-v1), with the messages OpenTofu shows for the failures.
import { goQuote } from "@tofukit/gostd";
import { base64Decode } from "../base64.js";
import { utf8Bytes } from "../utf8.js";
import { type DerElement, DerError, integerOf, readElement, sequenceItems } from "./der.js";

export interface RsaPrivateKey {
  readonly n: bigint;
  readonly e: bigint;
  readonly d: bigint;
  readonly p: bigint;
  readonly q: bigint;
}

/** A key that cannot be used, with the message OpenTofu gives for it. */
export class KeyError extends Error {}

const RSA_OID = "1.2.840.113549.1.1.1";

function pemBlock(text: string): { type: string; der: Uint8Array; encrypted: boolean } | null {
  const m = /-----BEGIN ([^\n-]+)-----\r?\n([\s\S]*?)-----END \1-----/.exec(text);
  if (m === null) return null;
  const lines = m[2]!.split(/\r?\n/);
  const headers = lines.filter((l) => l.includes(":"));
  const body = lines.filter((l) => !l.includes(":")).join("");
  const decoded = base64Decode(utf8Bytes(body));
  if (!("bytes" in decoded)) return null;
  return { type: m[1]!, der: decoded.bytes, encrypted: headers.some((h) => h.includes("ENCRYPTED")) };
}

function asn1Message(e: DerError): string {
  return `invalid ASN1 data in the given private key: ${e.message}`;
}

function objectIdentifier(el: DerElement): string {
  const b = el.body;
  const parts: number[] = [];
  let v = 0;
  for (let i = 0; i < b.length; i++) {
    v = v * 128 + (b[i]! & 0x7f);
    if ((b[i]! & 0x80) === 0) {
      if (parts.length === 0) parts.push(v < 80 ? Math.floor(v / 40) : 2, v < 80 ? v % 40 : v - 80);
      else parts.push(v);
      v = 0;
    }
  }
  return parts.join(".");
}

function pkcs1(der: Uint8Array): RsaPrivateKey {
  const top = readElement(der, 0);
  if (top.end !== der.length) throw new DerError("syntax", "trailing data");
  const items = sequenceItems(top);
  const version = integerOf(items[0]);
  if (version > 1n) throw new KeyError("invalid private key: x509: unsupported private key version");
  const [n, e, d, p, q] = [1, 2, 3, 4, 5].map((i) => integerOf(items[i]));
  if (n! <= 0n || e! <= 0n || d! <= 0n || p! <= 0n || q! <= 0n) {
    throw new KeyError("invalid private key: x509: private key contains zero or negative value");
  }
  return { n: n!, e: e!, d: d!, p: p!, q: q! };
}

function pkcs8(der: Uint8Array): RsaPrivateKey {
  const top = readElement(der, 0);
  const items = sequenceItems(top);
  integerOf(items[0]);
  const alg = items[1];
  if (alg === undefined) throw new DerError("syntax", "sequence truncated");
  const oid = sequenceItems(alg)[0];
  if (oid === undefined || oid.tag !== 0x06)
    throw new DerError("structure", "tags don't match (object identifier)");
  const id = objectIdentifier(oid);
  if (id !== RSA_OID) throw new KeyError(`invalid private key type: the key's algorithm is ${id}, not RSA`);
  const key = items[2];
  if (key === undefined || key.tag !== 0x04)
    throw new DerError("structure", "tags don't match (octet string)");
  return pkcs1(key.body);
}

class SshReader {
  private i = 0;
  constructor(private readonly b: Uint8Array) {}

  uint32(): number {
    if (this.i + 4 > this.b.length) throw new KeyError("invalid private key: ssh: malformed OpenSSH key");
    const v =
      ((this.b[this.i]! << 24) |
        (this.b[this.i + 1]! << 16) |
        (this.b[this.i + 2]! << 8) |
        this.b[this.i + 3]!) >>>
      0;
    this.i += 4;
    return v;
  }

  bytes(): Uint8Array {
    const n = this.uint32();
    if (this.i + n > this.b.length) throw new KeyError("invalid private key: ssh: malformed OpenSSH key");
    const out = this.b.subarray(this.i, this.i + n);
    this.i += n;
    return out;
  }

  string(): string {
    return new TextDecoder().decode(this.bytes());
  }

  mpint(): bigint {
    let v = 0n;
    for (const x of this.bytes()) v = (v << 8n) | BigInt(x);
    return v;
  }
}

const OPENSSH_MAGIC = "openssh-key-v1\0";

function openssh(der: Uint8Array): RsaPrivateKey {
  if (new TextDecoder().decode(der.subarray(0, OPENSSH_MAGIC.length)) !== OPENSSH_MAGIC) {
    throw new KeyError("invalid private key: ssh: invalid openssh private key format");
  }
  const r = new SshReader(der.subarray(OPENSSH_MAGIC.length));
  const cipher = r.string();
  const kdf = r.string();
  r.bytes();
  if (cipher !== "none" || kdf !== "none") {
    throw new KeyError("invalid private key: ssh: this private key is passphrase protected");
  }
  if (r.uint32() !== 1) throw new KeyError("invalid private key: ssh: multi-key files are not supported");
  r.bytes();
  const priv = new SshReader(r.bytes());
  // Two equal check words show the private section decrypted correctly.
  const check1 = priv.uint32();
  const check2 = priv.uint32();
  if (check1 !== check2) {
    throw new KeyError("invalid private key: ssh: malformed OpenSSH key");
  }
  const type = priv.string();
  if (type !== "ssh-rsa") throw new KeyError(`invalid private key type: the key is ${type}, not RSA`);
  const n = priv.mpint();
  const e = priv.mpint();
  const d = priv.mpint();
  priv.mpint();
  const p = priv.mpint();
  const q = priv.mpint();
  return { n, e, d, p, q };
}

/** The RSA key in PEM text, or a KeyError with OpenTofu's message. */
export function parseRsaPrivateKey(text: string): RsaPrivateKey {
  const block = pemBlock(text);
  if (block === null) throw new KeyError("invalid private key: ssh: no key found");
  if (block.encrypted)
    throw new KeyError("invalid private key: ssh: this private key is passphrase protected");
  try {
    switch (block.type) {
      case "RSA PRIVATE KEY":
        return pkcs1(block.der);
      case "PRIVATE KEY":
        return pkcs8(block.der);
      case "OPENSSH PRIVATE KEY":
        return openssh(block.der);
      default:
        throw new KeyError(`invalid private key: ssh: unsupported key type ${goQuote(block.type)}`);
    }
  } catch (e) {
    if (e instanceof DerError) throw new KeyError(asn1Message(e));
    throw e;
  }
}
