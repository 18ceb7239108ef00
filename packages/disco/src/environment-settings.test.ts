import { describe, expect, it } from "vitest";
import { discoveryRetries, registryClientTimeout } from "./environment-settings.js";

describe("registry settings from the environment", () => {
  it("reads whole numbers of seconds, at least 1, as milliseconds", () => {
    expect(registryClientTimeout({ TF_REGISTRY_CLIENT_TIMEOUT: "5" })).toBe(5000);
    expect(registryClientTimeout({ TF_REGISTRY_CLIENT_TIMEOUT: " 30 " })).toBe(30_000);
    for (const text of ["0", "1.0", "-1", "ten", "", "1e3"]) {
      expect(registryClientTimeout({ TF_REGISTRY_CLIENT_TIMEOUT: text })).toBeUndefined();
    }
    expect(registryClientTimeout({})).toBeUndefined();
  });

  it("reads retries of at least 0", () => {
    expect(discoveryRetries({ TF_REGISTRY_DISCOVERY_RETRY: "0" })).toBe(0);
    expect(discoveryRetries({ TF_REGISTRY_DISCOVERY_RETRY: "3" })).toBe(3);
    expect(discoveryRetries({ TF_REGISTRY_DISCOVERY_RETRY: "-1" })).toBeUndefined();
    expect(discoveryRetries({})).toBeUndefined();
  });
});
