import { forComparison, type Hostname } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import { cachingSource } from "./caching-source.js";
import type { CredentialsSource } from "./credentials-source.js";
import { HostCredentials } from "./host-credentials.js";

/** An in-memory source that counts lookups and can be told to fail. */
function countingSource(answers: Map<Hostname, HostCredentials | null | Error>) {
  const counts = { forHost: 0, store: 0, forget: 0 };
  const source: CredentialsSource = {
    async forHost(host) {
      counts.forHost++;
      const answer = answers.get(host) ?? null;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    async storeForHost(host, credentials) {
      counts.store++;
      answers.set(host, credentials);
    },
    async forgetForHost(host) {
      counts.forget++;
      answers.delete(host);
    },
  };
  return { source, counts };
}

const a = forComparison("a.example");
const b = forComparison("b.example");

describe("cachingSource", () => {
  it("asks once per host, remembering credentials and 'none' alike", async () => {
    const { source, counts } = countingSource(new Map([[a, HostCredentials.fromToken("t")]]));
    const cached = cachingSource(source);
    expect((await cached.forHost(a))?.token()).toBe("t");
    expect((await cached.forHost(a))?.token()).toBe("t");
    expect(await cached.forHost(b)).toBeNull();
    expect(await cached.forHost(b)).toBeNull();
    expect(counts.forHost).toBe(2);
  });

  it("shares one call between concurrent lookups of a host", async () => {
    const { source, counts } = countingSource(new Map());
    const cached = cachingSource(source);
    await Promise.all([cached.forHost(a), cached.forHost(a), cached.forHost(a)]);
    expect(counts.forHost).toBe(1);
  });

  it("does not remember failures", async () => {
    const answers = new Map<Hostname, HostCredentials | null | Error>([[a, new Error("helper crashed")]]);
    const { source, counts } = countingSource(answers);
    const cached = cachingSource(source);
    await expect(cached.forHost(a)).rejects.toThrow("helper crashed");
    answers.set(a, HostCredentials.fromToken("recovered"));
    expect((await cached.forHost(a))?.token()).toBe("recovered");
    expect(counts.forHost).toBe(2);
  });

  it("drops a host's entry when storing or forgetting, even when the write fails", async () => {
    const { source, counts } = countingSource(new Map());
    const cached = cachingSource(source);
    expect(await cached.forHost(a)).toBeNull();
    await cached.storeForHost(a, HostCredentials.fromToken("new"));
    expect((await cached.forHost(a))?.token()).toBe("new");
    await cached.forgetForHost(a);
    expect(await cached.forHost(a)).toBeNull();
    expect(counts.forHost).toBe(3);

    const failing = cachingSource({
      ...source,
      storeForHost: async () => Promise.reject(new Error("disk full")),
    });
    await failing.forHost(b);
    await expect(failing.storeForHost(b, HostCredentials.fromToken("x"))).rejects.toThrow("disk full");
    await failing.forHost(b);
    expect(counts.forHost).toBe(5);
  });
});
