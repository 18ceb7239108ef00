import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type LoopbackServer, startServer, TEST_DISPATCHER } from "../test/loopback.js";
import { type CredentialsProvider, credentialsFor } from "./authorization.js";
import { Disco } from "./disco.js";
import { DiscoveryError } from "./errors.js";

let server: LoopbackServer;
beforeAll(async () => {
  server = await startServer(json({}));
});
afterAll(() => server.close());

async function sentAuthorization(credentials: CredentialsProvider): Promise<string | undefined> {
  const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0, credentials });
  try {
    await disco.discover(server.hostname);
    const value = server.requests.at(-1)?.headers.authorization;
    // Node reads header bytes as Latin-1; turn them back into the UTF-8 text that was sent.
    return value === undefined ? undefined : Buffer.from(value, "latin1").toString("utf8");
  } finally {
    await disco.close();
  }
}

describe("credentials on the discovery request", () => {
  it("sends the provider's token as a bearer token", async () => {
    expect(await sentAuthorization({ forHost: async () => ({ token: "abc.def" }) })).toBe("Bearer abc.def");
  });

  it("accepts a token given by a method, as credentials objects may provide it", async () => {
    expect(await sentAuthorization({ forHost: () => ({ token: () => "from-method" }) })).toBe(
      "Bearer from-method",
    );
  });

  it("asks for the normalized hostname, port kept", async () => {
    const asked: string[] = [];
    await sentAuthorization({
      forHost: (host) => {
        asked.push(host);
        return null;
      },
    });
    expect(asked).toEqual([`127.0.0.1:${server.port}`]);
  });

  it("sends the request anonymously when the provider has nothing or fails", async () => {
    expect(await sentAuthorization({ forHost: () => null })).toBeUndefined();
    expect(
      await sentAuthorization({
        forHost: () => {
          throw new Error("helper crashed");
        },
      }),
    ).toBeUndefined();
    expect(await sentAuthorization({ forHost: () => Promise.reject(new Error("no")) })).toBeUndefined();
  });

  it("trims the header's outer spaces as Go does and sends UTF-8 bytes", async () => {
    expect(await sentAuthorization({ forHost: () => ({ token: "" }) })).toBe("Bearer");
    expect(await sentAuthorization({ forHost: () => ({ token: " x " }) })).toBe("Bearer  x");
    expect(await sentAuthorization({ forHost: () => ({ token: "tök€n\tz" }) })).toBe("Bearer tök€n\tz");
  });

  it.each([
    ["a trailing newline", "s3cr3t\n"],
    ["a carriage return", "s3cr3t\rx"],
    ["a NUL", "s3cr3t\u0000x"],
    ["another control character", "s3cr3t\u0007x"],
  ])("refuses a token with %s before sending anything", async (_case, token) => {
    const before = server.requests.length;
    const disco = new Disco({
      dispatcher: TEST_DISPATCHER,
      env: {},
      credentials: { forHost: () => ({ token }) },
    });
    const error = await disco.discover(server.hostname).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscoveryError);
    expect(error).toMatchObject({ code: "TOFUKIT_DISCO_INVALID_TOKEN", host: `127.0.0.1:${server.port}` });
    expect((error as Error).message).not.toContain("s3cr3t");
    expect(server.requests.length).toBe(before);
    await disco.close();
  });
});

it("refuses credentials whose token() throws, keeping the reason as the cause", async () => {
  const before = server.requests.length;
  const reason = new Error("The token from environment variable TF_TOKEN_x contains a line break");
  const disco = new Disco({
    dispatcher: TEST_DISPATCHER,
    env: {},
    credentials: {
      forHost: () => ({
        token: () => {
          throw reason;
        },
      }),
    },
  });
  const error = await disco.discover(server.hostname).catch((e: unknown) => e);
  expect(error).toMatchObject({ code: "TOFUKIT_DISCO_INVALID_TOKEN", cause: reason });
  expect(server.requests.length).toBe(before);
  await disco.close();
});

describe("credentialsFor", () => {
  it("reads undefined as no credentials", async () => {
    expect(await credentialsFor({ forHost: () => undefined }, server.hostname)).toBeNull();
    expect(await credentialsFor(undefined, server.hostname)).toBeNull();
  });
});
