// rsadecrypt against keys and ciphertexts made by Node's crypto (OpenSSL), in every PEM form
// OpenTofu accepts.
import { constants, generateKeyPairSync, publicEncrypt } from "node:crypto";
import { stringVal } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { callError, fn } from "../../test/function-call.js";
import { cryptoFunctions } from "./crypto-functions.js";

const rsadecrypt = fn(cryptoFunctions({}), "rsadecrypt");
const s = stringVal;

describe("rsadecrypt with OpenSSL's keys", { timeout: 60_000 }, () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const encrypt = (text: string) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString(
      "base64",
    );

  it("decrypts with PKCS #1 and PKCS #8 PEM keys", () => {
    const pkcs1 = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const pkcs8 = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    for (const key of [pkcs1, pkcs8]) {
      expect(rsadecrypt.call([s(encrypt("héllo wörld")), s(key)])).toEqual(s("héllo wörld"));
      expect(rsadecrypt.call([s(encrypt("")), s(key)])).toEqual(s(""));
    }
  });

  it("refuses encrypted keys and keys of other algorithms", () => {
    const encrypted = privateKey
      .export({ type: "pkcs1", format: "pem", cipher: "aes-256-cbc", passphrase: "secret" })
      .toString();
    expect(callError(rsadecrypt, [s(encrypt("x")), s(encrypted)])).toEqual({
      message: "invalid private key: ssh: this private key is passphrase protected",
      argIndex: 1,
    });
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    expect(
      callError(rsadecrypt, [s(encrypt("x")), s(ec.export({ type: "pkcs8", format: "pem" }).toString())])
        .argIndex,
    ).toBe(1);
  });

  it("fails without saying why when the padding is wrong", () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      type: "pkcs1",
      format: "pem",
    });
    expect(callError(rsadecrypt, [s(encrypt("x")), s(other.toString())]).message).toBe(
      "failed to decrypt: crypto/rsa: decryption error",
    );
  });
});
