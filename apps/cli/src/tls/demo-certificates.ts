// The certificates of the demo's loopback HTTPS registry, made at run time: a certificate
// authority and a server certificate for 127.0.0.1 and localhost signed by it, both on fresh
// P-256 keys and valid for a day. Nothing secret is shipped, and nothing outside the demo trusts
// them. Node can sign but not write certificates, so this module writes the few DER structures
// an X.509 v3 certificate (RFC 5280) needs itself.
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/** A DER element: tag, definite length, contents. */
function der(tag: number, contents: Uint8Array): Uint8Array {
  const n = contents.length;
  const length =
    n < 0x80
      ? [n]
      : n < 0x100
        ? [0x81, n]
        : n < 0x10000
          ? [0x82, n >> 8, n & 0xff]
          : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), contents]);
}

const sequence = (...items: Uint8Array[]) => der(0x30, Buffer.concat(items));
const set = (...items: Uint8Array[]) => der(0x31, Buffer.concat(items));
const explicit = (n: number, item: Uint8Array) => der(0xa0 + n, item);
const octets = (bytes: Uint8Array) => der(0x04, bytes);
const utf8 = (s: string) => der(0x0c, Buffer.from(s, "utf8"));
const bool = (b: boolean) => der(0x01, Buffer.from([b ? 0xff : 0]));
/** A BIT STRING of whole bytes, or of one byte whose last `unused` bits are padding. */
const bits = (bytes: Uint8Array, unused = 0) => der(0x03, Buffer.concat([Buffer.from([unused]), bytes]));

function integer(bytes: Uint8Array): Uint8Array {
  // Positive: a leading zero byte when the high bit is set.
  return der(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

/**
 * A random positive serial number in minimal DER form: the first byte is kept within 0x01–0x7f, so
 * the integer needs no leading zero and never starts with a redundant one (a random first byte of
 * 0x00 followed by one below 0x80 would be invalid DER, which TLS libraries reject).
 */
function serialNumber(): Uint8Array {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01;
  return bytes;
}

function oid(dotted: string): Uint8Array {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const out = [a * 40 + b];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let v = arc >>> 7; v > 0; v >>>= 7) base128.unshift((v & 0x7f) | 0x80);
    out.push(...base128);
  }
  return der(0x06, Buffer.from(out));
}

/** UTCTime, YYMMDDHHMMSSZ (dates before 2050). */
function utcTime(date: Date): Uint8Array {
  const iso = date.toISOString(); // 2026-12-01T23:05:09.123Z
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return der(0x17, Buffer.from(text, "ascii"));
}

const name = (commonName: string) => sequence(set(sequence(oid("2.5.4.3"), utf8(commonName))));
const ecdsaWithSha256 = sequence(oid("1.2.840.10045.4.3.2"));
const extension = (id: string, critical: boolean, value: Uint8Array) =>
  sequence(oid(id), ...(critical ? [bool(true)] : []), octets(value));

interface CertificateSpec {
  readonly subject: string;
  readonly issuer: string;
  readonly publicKey: KeyObject;
  readonly signingKey: KeyObject;
  readonly extensions: readonly Uint8Array[];
}

function certificate(spec: CertificateSpec): string {
  const now = Date.now();
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(serialNumber()),
    ecdsaWithSha256,
    name(spec.issuer),
    sequence(utcTime(new Date(now - 60 * 60 * 1000)), utcTime(new Date(now + 24 * 60 * 60 * 1000))),
    name(spec.subject),
    spec.publicKey.export({ type: "spki", format: "der" }),
    explicit(3, sequence(...spec.extensions)),
  );
  const signature = sign("sha256", tbs, spec.signingKey); // DER-encoded ECDSA signature
  const body = Buffer.from(sequence(tbs, ecdsaWithSha256, bits(signature))).toString("base64");
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/.{1,64}/g, "$&\n")}-----END CERTIFICATE-----\n`;
}

interface DemoCertificates {
  /** The certificate authority's certificate (PEM): what the client trusts. */
  readonly ca: string;
  /** The server's certificate (PEM), for 127.0.0.1 and localhost. */
  readonly cert: string;
  /** The server's private key (PKCS #8 PEM). */
  readonly key: string;
}

export function demoCertificates(): DemoCertificates {
  const caKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const serverKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ca = certificate({
    subject: "tofukit demo CA",
    issuer: "tofukit demo CA",
    publicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      extension("2.5.29.19", true, sequence(bool(true))), // basicConstraints: CA
      extension("2.5.29.15", true, bits(Buffer.from([0x06]), 1)), // keyUsage: keyCertSign, cRLSign
    ],
  });
  const cert = certificate({
    subject: "localhost",
    issuer: "tofukit demo CA",
    publicKey: serverKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      extension("2.5.29.19", false, sequence()), // basicConstraints: not a CA
      extension("2.5.29.15", true, bits(Buffer.from([0x80]), 7)), // keyUsage: digitalSignature
      extension("2.5.29.37", false, sequence(oid("1.3.6.1.5.5.7.3.1"))), // extKeyUsage: serverAuth
      // subjectAltName: dNSName localhost, iPAddress 127.0.0.1
      extension(
        "2.5.29.17",
        false,
        sequence(der(0x82, Buffer.from("localhost")), der(0x87, Buffer.from([127, 0, 0, 1]))),
      ),
    ],
  });
  const key = serverKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return { ca, cert, key };
}
