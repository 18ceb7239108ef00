import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type LoopbackServer, startServer, TEST_DISPATCHER } from "../test/loopback.js";
import { Disco } from "./disco.js";
import { DEFAULT_USER_AGENT, userAgent } from "./user-agent.js";

describe("userAgent", () => {
  it("is tofukit/<version> by default", () => {
    expect(DEFAULT_USER_AGENT).toMatch(/^tofukit\/\d+\.\d+\.\d+/);
    expect(userAgent(DEFAULT_USER_AGENT, {})).toBe(DEFAULT_USER_AGENT);
  });

  it("appends TF_APPEND_USER_AGENT, trimmed, when it has text", () => {
    expect(userAgent("tool/1", { TF_APPEND_USER_AGENT: "  ci/2 (x)  " })).toBe("tool/1 ci/2 (x)");
    expect(userAgent("tool/1", { TF_APPEND_USER_AGENT: "   " })).toBe("tool/1");
    expect(userAgent("tool/1", { TF_APPEND_USER_AGENT: "" })).toBe("tool/1");
  });
});

describe("the User-Agent header", () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startServer(json({}));
  });
  afterAll(() => server.close());

  it("carries the configured agent and the environment's addition", async () => {
    const disco = new Disco({
      dispatcher: TEST_DISPATCHER,
      userAgent: "registry-bot/3.1",
      env: { TF_APPEND_USER_AGENT: "pipeline/7" },
    });
    await disco.discover(server.hostname);
    expect(server.requests.at(-1)?.headers["user-agent"]).toBe("registry-bot/3.1 pipeline/7");
    await disco.close();
  });
});
