import { describe, expect, it } from "vitest";
import {
  DiscoError,
  DiscoveryError,
  OAuthClientError,
  ServiceIdError,
  ServiceNotProvidedError,
  ServiceURLError,
  VersionNotSupportedError,
} from "./errors.js";

describe("disco errors", () => {
  const samples = [
    new DiscoveryError("TOFUKIT_DISCO_TOO_LARGE", "too large", { host: "h", status: 200 }),
    new ServiceNotProvidedError("h", "modules"),
    new VersionNotSupportedError("h", "modules", 2n),
    new ServiceIdError("TOFUKIT_DISCO_INVALID_SERVICE_ID", "modules"),
    new ServiceURLError("modules.v1", "unsupported scheme ftp"),
    new OAuthClientError("login.v1", "bad"),
  ];

  it("are Errors and DiscoErrors with a stable TOFUKIT_DISCO_ code", () => {
    for (const error of samples) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(DiscoError);
      expect(error.code).toMatch(/^TOFUKIT_DISCO_[A-Z_]+$/);
    }
  });

  it("are told apart by class", () => {
    expect(samples.map((e) => e instanceof DiscoveryError)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(samples.map((e) => e instanceof ServiceNotProvidedError)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(samples.map((e) => e.name)).toEqual([
      "DiscoveryError",
      "ServiceNotProvidedError",
      "VersionNotSupportedError",
      "ServiceIdError",
      "ServiceURLError",
      "OAuthClientError",
    ]);
  });

  it("recognise instances from another copy of the package by their brand", () => {
    const foreign = new Error("from another copy");
    Object.defineProperty(foreign, Symbol.for("tofukit.DiscoError"), { value: true });
    Object.defineProperty(foreign, Symbol.for("tofukit.DiscoveryError"), { value: true });
    expect(foreign).toBeInstanceOf(DiscoveryError);
    expect(foreign).toBeInstanceOf(DiscoError);
    expect(foreign).not.toBeInstanceOf(ServiceURLError);
    expect(DiscoError[Symbol.hasInstance](null)).toBe(false);
  });

  it("keep the cause they were given", () => {
    const cause = new Error("socket hang up");
    expect(new DiscoveryError("TOFUKIT_DISCO_NETWORK", "failed", { host: "h", cause }).cause).toBe(cause);
  });
});
