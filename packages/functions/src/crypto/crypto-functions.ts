// The crypto and hash functions: base64sha256, base64sha512, the file hash functions, md5,
// rsadecrypt, sha1, sha256, sha512, uuid and uuidv5, as OpenTofu's funcs/crypto.go. Hashes by
// @noble/hashes, RSA in plain bigints. bcrypt is a group of its own (bcrypt-function.ts).

import { md5, sha1 } from "@noble/hashes/legacy.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import { CtyFunction, FunctionError, stringVal, t } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { base64Decode, base64Encode } from "../base64.js";
import { readFileBytes } from "../filesystem/file-access.js";
import type { FunctionOptions } from "../options.js";
import { randomSource } from "../random-source.js";
import { utf8Bytes, utf8Text } from "../utf8.js";
import { DECRYPTION_ERROR, rsaDecryptPkcs1v15 } from "./rsa-decrypt.js";
import { KeyError, parseRsaPrivateKey } from "./rsa-private-key.js";
import { formatUUID, parseUUID, UUID_NAMESPACES, uuidV5 } from "./uuid.js";

type Hash = (data: Uint8Array) => Uint8Array;
type Encoding = (digest: Uint8Array) => string;

function hex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

function stringHash(hash: Hash, encode: Encoding): CtyFunction {
  return new CtyFunction({
    params: [{ name: "str", type: t.string }],
    type: () => t.string,
    impl: ([s]) => stringVal(encode(hash(utf8Bytes(s!.asString())))),
  });
}

function fileHash(options: FunctionOptions, hash: Hash, encode: Encoding): CtyFunction {
  return new CtyFunction({
    params: [{ name: "path", type: t.string }],
    type: () => t.string,
    impl: ([path]) => stringVal(encode(hash(readFileBytes(options, path!.asString(), null)))),
  });
}

const rsadecrypt = new CtyFunction({
  params: [
    { name: "ciphertext", type: t.string },
    { name: "privatekey", type: t.string },
  ],
  type: () => t.string,
  impl: ([c, k]) => {
    const s = c!.asString();
    const decoded = base64Decode(utf8Bytes(s));
    if (!("bytes" in decoded)) {
      throw new FunctionError(`failed to decode input ${goQuote(s)}: cipher text must be base64-encoded`, 0);
    }
    let key: ReturnType<typeof parseRsaPrivateKey>;
    try {
      key = parseRsaPrivateKey(k!.asString());
    } catch (e) {
      if (e instanceof KeyError) throw new FunctionError(e.message, 1);
      throw e;
    }
    const out = rsaDecryptPkcs1v15(key, decoded.bytes);
    if (out === null) throw new FunctionError(`failed to decrypt: ${DECRYPTION_ERROR}`);
    // Go makes a string of the bytes as they are; invalid UTF-8 becomes U+FFFD here.
    return stringVal(utf8Text(out) ?? new TextDecoder().decode(out));
  },
});

function uuid(options: FunctionOptions): CtyFunction {
  const random = randomSource(options);
  return new CtyFunction({ params: [], type: () => t.string, impl: () => stringVal(formatUUID(random(16))) });
}

const uuidv5 = new CtyFunction({
  params: [
    { name: "namespace", type: t.string },
    { name: "name", type: t.string },
  ],
  type: () => t.string,
  impl: ([ns, name]) => {
    const given = ns!.asString();
    const known = Object.hasOwn(UUID_NAMESPACES, given) ? UUID_NAMESPACES[given]! : given;
    const parsed = parseUUID(known);
    if (typeof parsed === "string") {
      throw new FunctionError(`uuidv5() doesn't support namespace ${given} (${parsed})`);
    }
    return stringVal(uuidV5(parsed, name!.asString()));
  },
});

/** The crypto functions by name. */
export function cryptoFunctions(options: FunctionOptions): Record<string, CtyFunction> {
  return {
    base64sha256: stringHash(sha256, base64Encode),
    base64sha512: stringHash(sha512, base64Encode),
    filebase64sha256: fileHash(options, sha256, base64Encode),
    filebase64sha512: fileHash(options, sha512, base64Encode),
    filemd5: fileHash(options, md5, hex),
    filesha1: fileHash(options, sha1, hex),
    filesha256: fileHash(options, sha256, hex),
    filesha512: fileHash(options, sha512, hex),
    md5: stringHash(md5, hex),
    rsadecrypt,
    sha1: stringHash(sha1, hex),
    sha256: stringHash(sha256, hex),
    sha512: stringHash(sha512, hex),
    uuid: uuid(options),
    uuidv5,
  };
}
