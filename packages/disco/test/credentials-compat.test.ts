import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CredentialsSource } from "@tofukit/credentials";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { CredentialsProvider } from "../src/index.js";
import { DEFAULT_USER_AGENT } from "../src/user-agent.js";

describe("what disco shares with its neighbours", () => {
  it("takes a @tofukit/credentials source as its credentials provider", () => {
    // Checked by the type checker: disco only declares the small interface it consumes.
    expectTypeOf<CredentialsSource>().toMatchTypeOf<CredentialsProvider>();
  });

  it("names the package's own version in its User-Agent", () => {
    const manifest = join(dirname(fileURLToPath(import.meta.url)), "..", "package.json");
    const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
    expect(DEFAULT_USER_AGENT).toBe(`tofukit/${version}`);
  });
});
