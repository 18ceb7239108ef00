import { numberVal, stringVal } from "@tofukit/cty";
import { compareSync } from "bcryptjs";
import { describe, expect, it } from "vitest";
import {
  BAD_PRIVATE_KEY,
  CIPHER_BASE64,
  OPENSSH_PRIVATE_KEY,
  PRIVATE_KEY,
  WRONG_PRIVATE_KEY,
} from "../../test/fixtures/rsa-keys.js";
import { callError, fn } from "../../test/function-call.js";
import type { FunctionOptions } from "../options.js";
import { bcryptFunctions } from "./bcrypt-function.js";
import { cryptoFunctions } from "./crypto-functions.js";

const s = stringVal;
const files = new Map<string, Uint8Array>([
  ["mod/hello.txt", new TextEncoder().encode("Hello World")],
  ["mod/icon.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255])],
]);
const counter = () => {
  let next = 0;
  return (n: number) => Uint8Array.from({ length: n }, () => next++ & 0xff);
};
const cryptoOptions: FunctionOptions = {
  baseDir: "mod",
  readFile: (path) => {
    const b = files.get(path);
    if (b === undefined) throw Object.assign(new Error(`open ${path}: no such file`), { code: "ENOENT" });
    return b;
  },
  randomBytes: counter(),
};
// The crypto category: its own group and bcrypt, which loads on its own.
const table = { ...cryptoFunctions(cryptoOptions), ...bcryptFunctions(cryptoOptions) };
const call = (name: string, ...args: string[]) => fn(table, name).call(args.map(s)).asString();

describe("string hashes", () => {
  it.each([
    ["md5", "tada", "ce47d07243bb6eaf5e1322c81baf9bbf"],
    ["md5", "hello world", "5eb63bbbe01eeed093cb22bb8f5acdc3"],
    ["md5", "", "d41d8cd98f00b204e9800998ecf8427e"],
    ["sha1", "test", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"],
    ["sha256", "test", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
    [
      "sha512",
      "test",
      "ee26b0dd4af7e749aa1a8ee3c10ae9923f618980772e473f8819a5d4940e0db27ac185f8a0e1d5f84f88bc887fd67b143732c304cc5fa9ad8e6f57f50028a8ff",
    ],
    ["base64sha256", "test", "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg="],
    [
      "base64sha512",
      "test",
      "7iaw3Ur350mqGo7jwQrpkj9hiYB3Lkc/iBml1JQODbJ6wYX4oOHV+E+IvIh/1nsUNzLDBMxfqa2Ob1f1ACio/w==",
    ],
    // UTF-8 bytes are hashed (checked against Node's crypto).
    ["sha256", "héllo", "3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179"],
  ])("%s(%j) is %j", (name, input, want) => {
    expect(call(name, input)).toBe(want);
  });
});

describe("file hashes", () => {
  it.each([
    ["filemd5", "b10a8db164e0754105b7a99be72e3fe5"],
    ["filesha1", "0a4d55a8d778e5022fab701977c5d840bbc486d0"],
    ["filesha256", "a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e"],
    ["filebase64sha256", "pZGm1Av0IEBKARczz7exkNYsZb8LzaMrV7J32a2fFG4="],
    [
      "filebase64sha512",
      "LHT9F+2v2A6ER7DUZ0HuJDt+t03SFJoKsbkkb7MDgvJ+hT2FhXGeDmfL2g2qj1FnEGRhXWRa4nrLFb+xRH9Fmw==",
    ],
    [
      "filesha512",
      "2c74fd17edafd80e8447b0d46741ee243b7eb74dd2149a0ab1b9246fb30382f27e853d8585719e0e67cbda0daa8f51671064615d645ae27acb15bfb1447f459b",
    ],
  ])("%s of a file under the base directory", (name, want) => {
    expect(call(name, "hello.txt")).toBe(want);
  });

  it("hashes bytes that are not UTF-8", () => {
    expect(call("filemd5", "icon.png")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("reports a missing file as Go's os.Open does", () => {
    expect(callError(fn(table, "filesha256"), [s("missing")])).toEqual({
      message: "open mod/missing: no such file or directory",
    });
  });

  it("fails clearly without a reader", () => {
    expect(callError(fn(cryptoFunctions({}), "filemd5"), [s("x")]).message).toMatch(
      /no file reader is configured/,
    );
  });
});

describe("bcrypt", () => {
  it("hashes with the default cost and a salt from the options", () => {
    const h = call("bcrypt", "test");
    expect(h).toMatch(/^\$2a\$10\$/);
    expect(compareSync("test", h)).toBe(true);
  });

  it("takes a cost, and falls back to 10 below 4 as Go does", () => {
    const b = fn(table, "bcrypt");
    expect(b.call([s("test"), numberVal(5n)]).asString()).toMatch(/^\$2a\$05\$/);
    expect(b.call([s("test"), numberVal(3n)]).asString()).toMatch(/^\$2a\$10\$/);
  });

  it("is deterministic under a fixed random source", () => {
    const a = fn(bcryptFunctions({ randomBytes: counter() }), "bcrypt").call([s("x"), numberVal(4n)]);
    const b = fn(bcryptFunctions({ randomBytes: counter() }), "bcrypt").call([s("x"), numberVal(4n)]);
    expect(a).toEqual(b);
  });

  it("refuses extra arguments, large costs and long passwords", () => {
    const b = fn(table, "bcrypt");
    expect(callError(b, [s("test"), numberVal(10n), numberVal(11n)]).message).toBe(
      "bcrypt() takes no more than two arguments",
    );
    expect(callError(b, [s("test"), numberVal(32n)]).message).toBe(
      "error occurred generating password crypto/bcrypt: cost 32 is outside allowed range (4,31)",
    );
    expect(callError(b, [s("x".repeat(73))]).message).toBe(
      "error occurred generating password bcrypt: password length exceeds 72 bytes",
    );
  });
});

describe("rsadecrypt", () => {
  const rsa = fn(table, "rsadecrypt");
  it("decrypts with PKCS #1 and OpenSSH keys", () => {
    expect(rsa.call([s(CIPHER_BASE64), s(PRIVATE_KEY)])).toEqual(s("message"));
    expect(rsa.call([s(CIPHER_BASE64), s(OPENSSH_PRIVATE_KEY)])).toEqual(s("message"));
  });

  it("gives OpenTofu's messages", () => {
    expect(callError(rsa, [s(CIPHER_BASE64), s(WRONG_PRIVATE_KEY)])).toEqual({
      message: "failed to decrypt: crypto/rsa: decryption error",
    });
    expect(callError(rsa, [s(CIPHER_BASE64), s(BAD_PRIVATE_KEY)])).toEqual({
      message: "invalid ASN1 data in the given private key: data truncated",
      argIndex: 1,
    });
    expect(callError(rsa, [s(CIPHER_BASE64), s("")])).toEqual({
      message: "invalid private key: ssh: no key found",
      argIndex: 1,
    });
    expect(callError(rsa, [s("bad"), s(PRIVATE_KEY)])).toEqual({
      message: 'failed to decode input "bad": cipher text must be base64-encoded',
      argIndex: 0,
    });
    expect(callError(rsa, [s(""), s(PRIVATE_KEY)]).message).toBe(
      "failed to decrypt: crypto/rsa: decryption error",
    );
  });
});

describe("uuid", () => {
  it("formats 16 random bytes from the options, as go-uuid does", () => {
    const uuid = fn(cryptoFunctions({ randomBytes: counter() }), "uuid");
    expect(uuid.call([]).asString()).toBe("00010203-0405-0607-0809-0a0b0c0d0e0f");
  });

  it("uses Web Crypto without a source", () => {
    expect(fn(cryptoFunctions({}), "uuid").call([]).asString()).toMatch(
      /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/,
    );
  });
});

describe("uuidv5", () => {
  it.each([
    ["dns", "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"],
    ["url", "2c1ff6b4-211f-577e-94de-d978b0caa16e"],
    ["oid", "61eeea26-5176-5288-87fc-232d6ed30d2f"],
    ["x500", "7e12415e-f7c9-57c3-9e43-52dc9950d264"],
    ["6ba7b810-9dad-11d1-80b4-00c04fd430c8", "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"],
    ["{6ba7b810-9dad-11d1-80b4-00c04fd430c8}", "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"],
    ["urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8", "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"],
    ["6ba7b8109dad11d180b400c04fd430c8", "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"],
  ])('uuidv5(%j, "tada")', (ns, want) => {
    expect(call("uuidv5", ns, "tada")).toBe(want);
  });

  it("refuses namespaces google/uuid cannot parse", () => {
    expect(callError(fn(table, "uuidv5"), [s("tada"), s("tada")]).message).toBe(
      "uuidv5() doesn't support namespace tada (invalid UUID length: 4)",
    );
    expect(callError(fn(table, "uuidv5"), [s("6ba7b810-9dad-11d1-80b4-00c04fd430cz"), s("x")]).message).toBe(
      "uuidv5() doesn't support namespace 6ba7b810-9dad-11d1-80b4-00c04fd430cz (invalid UUID format)",
    );
  });
});
