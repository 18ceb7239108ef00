import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forComparison } from "@tofukit/hostname";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCliConfig } from "../src/cli-config.js";
import { CredentialsError } from "../src/credentials-error.js";
import type { Environment } from "../src/environment.js";
import { credentialsFromEnvironment } from "../src/environment-credentials.js";
import { HostCredentials } from "../src/host-credentials.js";
import { MAX_CONFIG_FILE_SIZE, readConfigFile } from "../src/read-config-file.js";

describe("tokens that cannot be sent as OpenTofu sends them", () => {
  it("refuses a token with a character outside ASCII when it is made", () => {
    let error: unknown;
    try {
      HostCredentials.fromToken("t€-secret");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CredentialsError);
    expect((error as CredentialsError).code).toBe("TOFUKIT_CREDENTIALS_INVALID_TOKEN");
    expect((error as Error).message).toBe(
      "The token from the caller contains a character outside ASCII at position 2, which cannot be sent in an HTTP header as OpenTofu sends it.",
    );
    expect((error as Error).message).not.toContain("secret");
    expect(() => HostCredentials.fromToken("café")).toThrow(/outside ASCII at position 4/);
  });

  it("refuses a token with a lone surrogate when it is made", () => {
    for (const token of ["a\ud800", "\udc00b", "x\ud800\ud800"]) {
      expect(() => HostCredentials.fromToken(token)).toThrow(/lone UTF-16 surrogate/);
    }
    expect(() => HostCredentials.fromToken("😀")).toThrow(/outside ASCII/);
  });

  it("accepts every printable ASCII token and sends it", () => {
    const headers = new Headers();
    HostCredentials.fromToken(" !~abc.DEF-123_\t").applyTo(headers);
    expect(headers.get("authorization")).toBe("Bearer  !~abc.DEF-123_");
  });

  it("refuses such a token read from a file when it is used", () => {
    const credentials = HostCredentials.fromObject({ token: "t€" }, "a file");
    expect(credentials?.usable).toBe(false);
    expect(() => credentials?.applyTo(new Headers())).toThrow(CredentialsError);
  });
});

describe("credentialsFromEnvironment on arbitrary objects", () => {
  const host = forComparison("example.com");

  it("gives credentials or null, never a TypeError", { timeout: 30_000 }, async () => {
    const entry = fc.oneof(
      fc.anything(),
      fc.tuple(fc.constantFrom("TF_TOKEN_example_com", "TF_TOKEN_x"), fc.anything()),
      fc.string().map((s) => `TF_TOKEN_example_com=${s}`),
    );
    const env = fc.oneof(
      fc.anything(),
      fc.array(entry),
      fc.dictionary(fc.constantFrom("TF_TOKEN_example_com", "TF_TOKEN_", "PATH"), fc.anything()),
      fc.array(entry).map((entries) => new Set(entries)),
      fc.array(fc.tuple(fc.string(), fc.anything())).map((entries) => new Map(entries)),
    );
    await fc.assert(
      fc.asyncProperty(env, async (e) => {
        try {
          const found = await credentialsFromEnvironment(e as Environment).forHost(host);
          expect(found === null || found instanceof HostCredentials).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(CredentialsError);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it("skips entries that are not [name, value] pairs", async () => {
    const env = [
      5,
      null,
      ["TF_TOKEN_example_com", 7],
      { 0: "TF_TOKEN_example_com" },
      ["TF_TOKEN_example_com", "ok"],
    ];
    const found = await credentialsFromEnvironment(env as unknown as Environment).forHost(host);
    expect(found?.token()).toBe("ok");
    expect(await credentialsFromEnvironment(null as unknown as Environment).forHost(host)).toBeNull();
    expect(await credentialsFromEnvironment(42 as unknown as Environment).forHost(host)).toBeNull();
  });
});

describe("reading configuration files", () => {
  async function dir(): Promise<string> {
    return mkdtemp(join(tmpdir(), "tofukit-hostile-"));
  }

  it("refuses a FIFO named credentials.tfrc.json instead of waiting on it", { timeout: 10_000 }, async () => {
    const home = await dir();
    const configDir = join(home, ".terraform.d");
    await mkdir(configDir);
    execFileSync("mkfifo", [join(configDir, "credentials.tfrc.json")]);
    const config = await loadCliConfig({ env: { HOME: home } });
    expect(JSON.stringify(config.diagnostics)).toContain("not a regular file");
  });

  it("refuses a link to /dev/zero and a directory", async () => {
    const d = await dir();
    await symlink("/dev/zero", join(d, "zero"));
    await mkdir(join(d, "sub"));
    await expect(readConfigFile(join(d, "zero"))).rejects.toMatchObject({
      code: "TOFUKIT_GOSTD_FILE_NOT_REGULAR",
    });
    await expect(readConfigFile(join(d, "sub"))).rejects.toMatchObject({
      code: "TOFUKIT_GOSTD_FILE_IS_DIRECTORY",
      systemCode: "EISDIR",
    });
  });

  it("refuses a file over the size limit and reads one at it", { timeout: 30_000 }, async () => {
    const d = await dir();
    await writeFile(join(d, "big"), Buffer.alloc(MAX_CONFIG_FILE_SIZE + 1, 0x20));
    await expect(readConfigFile(join(d, "big"))).rejects.toMatchObject({
      code: "TOFUKIT_GOSTD_FILE_TOO_LARGE",
    });
    await writeFile(join(d, "ok"), '{"credentials": {}}\n');
    expect(await readConfigFile(join(d, "ok"))).toBe('{"credentials": {}}\n');
  });
});
