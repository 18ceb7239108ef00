import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import { credentialsChain } from "./credentials-chain.js";
import type { CredentialsSource } from "./credentials-source.js";
import { credentialsFromEnvironment } from "./environment-credentials.js";
import { HostCredentials } from "./host-credentials.js";

const host = forComparison("a.example");

function memorySource(token: string | null, log: string[], name: string): CredentialsSource {
  return {
    async forHost() {
      log.push(`${name}.get`);
      return token === null ? null : HostCredentials.fromToken(token);
    },
    async storeForHost() {
      log.push(`${name}.store`);
    },
    async forgetForHost() {
      log.push(`${name}.forget`);
    },
  };
}

describe("credentialsChain", () => {
  it("returns the first source's credentials, passing over sources with none", async () => {
    const log: string[] = [];
    const chain = credentialsChain(
      memorySource(null, log, "a"),
      memorySource("b", log, "b"),
      memorySource("c", log, "c"),
    );
    expect((await chain.forHost(host))?.token()).toBe("b");
    expect(log).toEqual(["a.get", "b.get"]);
  });

  it("stops at the first failure", async () => {
    const failing: CredentialsSource = {
      ...memorySource(null, [], "x"),
      forHost: () => Promise.reject(new Error("down")),
    };
    const chain = credentialsChain(failing, credentialsFromEnvironment({ TF_TOKEN_a_example: "t" }));
    await expect(chain.forHost(host)).rejects.toThrow("down");
  });

  it("has nothing when no source has anything", async () => {
    expect(await credentialsChain().forHost(host)).toBeNull();
  });

  it("stores and forgets through the first source only", async () => {
    const log: string[] = [];
    const chain = credentialsChain(memorySource(null, log, "a"), memorySource(null, log, "b"));
    await chain.storeForHost(host, HostCredentials.fromToken("t"));
    await chain.forgetForHost(host);
    expect(log).toEqual(["a.store", "a.forget"]);
    await expect(credentialsChain().forgetForHost(host)).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_READ_ONLY",
      message: "no credentials store is available",
    });
  });
});
