import { describe, expect, it } from "vitest";
import { proxyFor, proxySettings } from "./proxy.js";

const PROXY = "http://proxy.internal:3128";
const at = (href: string, env: Record<string, string>) => proxyFor(new URL(href), proxySettings(env));

describe("proxyFor follows Go's ProxyFromEnvironment", () => {
  it("uses HTTPS_PROXY for https and HTTP_PROXY for http, upper case first", () => {
    expect(at("https://registry.example/", { HTTPS_PROXY: PROXY })).toBe(PROXY);
    expect(at("https://registry.example/", { https_proxy: PROXY })).toBe(PROXY);
    expect(at("https://registry.example/", { HTTPS_PROXY: PROXY, https_proxy: "http://other:1" })).toBe(
      PROXY,
    );
    expect(at("http://registry.example/", { HTTPS_PROXY: PROXY })).toBeNull();
    expect(at("http://registry.example/", { HTTP_PROXY: PROXY })).toBe(PROXY);
    expect(at("https://registry.example/", {})).toBeNull();
  });

  it("reads a proxy without a scheme as http", () => {
    expect(at("https://registry.example/", { HTTPS_PROXY: "proxy.internal:3128" })).toBe(PROXY);
  });

  it.each(["localhost", "127.0.0.1", "127.0.0.9", "[::1]"])("never proxies loopback %s", (host) => {
    expect(at(`https://${host}:8443/`, { HTTPS_PROXY: PROXY })).toBeNull();
  });

  it.each([
    ["*", "registry.example", true],
    ["registry.example", "registry.example", true],
    ["registry.example", "sub.registry.example", true],
    ["registry.example", "otherregistry.example", false],
    [".registry.example", "registry.example", false],
    [".registry.example", "sub.registry.example", true],
    ["*.registry.example", "sub.registry.example", true],
    ["Registry.Example", "registry.example", true],
    ["other.example, registry.example", "registry.example", true],
    ["registry.example:8443", "registry.example:8443", true],
    ["registry.example:8443", "registry.example", false],
    ["10.1.2.3", "10.1.2.3", true],
    ["10.0.0.0/8", "10.1.2.3", true],
    ["10.0.0.0/8", "11.1.2.3", false],
  ])("NO_PROXY %j bypasses %s: %s", (noProxy, host, bypassed) => {
    expect(at(`https://${host}/`, { HTTPS_PROXY: PROXY, NO_PROXY: noProxy }) === null).toBe(bypassed);
  });

  it("reads no_proxy in lower case too", () => {
    expect(at("https://registry.example/", { HTTPS_PROXY: PROXY, no_proxy: "registry.example" })).toBeNull();
  });
});
