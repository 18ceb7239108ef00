import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import { OAuthClientError } from "./errors.js";
import { Host } from "./host.js";

function hostWith(login: unknown, forced = false): Host {
  const hostname = forComparison("app.example");
  return new Host({
    hostname,
    target: hostname,
    discoveryURL: "https://app.example/.well-known/terraform.json",
    services: { "login.v1": login, "modules.v1": "/m/" },
    forced,
  });
}

const valid = { client: "tofu-cli", authz: "/oauth/authorization", token: "/oauth/token" };

describe("Host.oauthClient reads login.v1 like the reference", () => {
  it("applies the defaults: authz_code, ports 1024-65535, no scopes", () => {
    const client = hostWith(valid).oauthClient("login.v1");
    expect(client.id).toBe("tofu-cli");
    expect(client.authorizationURL?.href).toBe("https://app.example/oauth/authorization");
    expect(client.tokenURL?.href).toBe("https://app.example/oauth/token");
    expect([...client.grantTypes]).toEqual(["authz_code"]);
    expect([client.minPort, client.maxPort]).toEqual([1024, 65535]);
    expect(client.scopes).toBeNull();
  });

  it("reads grant types, ports and scopes, keeping unknown grant types and skipping non-strings", () => {
    const client = hostWith({
      ...valid,
      grant_types: ["authz_code", "password", "device", 7],
      ports: [10000, 10010],
      scopes: ["openid", "profile"],
    }).oauthClient("login.v1");
    expect([...client.grantTypes]).toEqual(["authz_code", "password", "device"]);
    expect([client.minPort, client.maxPort]).toEqual([10000, 10010]);
    expect(client.scopes).toEqual(["openid", "profile"]);
  });

  it("needs no endpoints for grant types that use none, and only a token URL for password", () => {
    expect(hostWith({ client: "c", grant_types: [] }).oauthClient("login.v1").tokenURL).toBeNull();
    const password = hostWith({ client: "c", grant_types: ["password"], token: "/t" }).oauthClient(
      "login.v1",
    );
    expect(password.authorizationURL).toBeNull();
    expect(password.tokenURL?.href).toBe("https://app.example/t");
  });

  it("ignores ports and scopes that are not arrays, and reads an empty scope list as none", () => {
    const client = hostWith({ ...valid, ports: "1-2", scopes: [] }).oauthClient("login.v1");
    expect([client.minPort, client.maxPort]).toEqual([1024, 65535]);
    expect(client.scopes).toBeNull();
  });

  it("accepts the legacy HCL1 list-of-objects form in forced services only", () => {
    expect(hostWith([valid], true).oauthClient("login.v1").id).toBe("tofu-cli");
    expect(() => hostWith([valid]).oauthClient("login.v1")).toThrow(OAuthClientError);
  });

  it.each([
    [
      "a string",
      "https://app.example/login",
      "service login.v1 must be declared with an object value in the service discovery document",
    ],
    [
      "null",
      null,
      "service login.v1 must be declared with an object value in the service discovery document",
    ],
    [
      "grant_types not an array",
      { ...valid, grant_types: "authz_code" },
      "service login.v1 is defined with invalid grant_types property: must be an array of grant type strings",
    ],
    [
      "no client",
      { authz: "/a", token: "/t" },
      'service login.v1 definition is missing required property "client"',
    ],
    [
      "a numeric client",
      { ...valid, client: 1 },
      'service login.v1 definition is missing required property "client"',
    ],
    [
      "no authz",
      { client: "c", token: "/t" },
      'service login.v1 definition is missing required property "authz"',
    ],
    [
      "no token",
      { client: "c", authz: "/a" },
      'service login.v1 definition is missing required property "token"',
    ],
    [
      "password without token",
      { client: "c", grant_types: ["password"] },
      'service login.v1 definition is missing required property "token"',
    ],
    [
      "a bad authz URL",
      { ...valid, authz: "ftp://x/" },
      "failed to parse authorization URL: unsupported scheme ftp",
    ],
    [
      "a bad token URL",
      { ...valid, token: "/%zz" },
      'failed to parse token URL: parse "/%zz": invalid URL escape "%zz"',
    ],
    [
      "one port",
      { ...valid, ports: [2000] },
      'invalid "ports" definition for service login.v1: must be a two-element array',
    ],
    [
      "three ports",
      { ...valid, ports: [2000, 3000, 4000] },
      'invalid "ports" definition for service login.v1: must be a two-element array',
    ],
    [
      "a low port",
      { ...valid, ports: [80, 3000] },
      'invalid "ports" definition for service login.v1: both ports must be whole numbers between 1024 and 65535',
    ],
    [
      "a high port",
      { ...valid, ports: [2000, 65536] },
      'invalid "ports" definition for service login.v1: both ports must be whole numbers between 1024 and 65535',
    ],
    [
      "a fractional port",
      { ...valid, ports: [2000.5, 3000] },
      'invalid "ports" definition for service login.v1: both ports must be whole numbers between 1024 and 65535',
    ],
    [
      "a string port",
      { ...valid, ports: ["2000", 3000] },
      'invalid "ports" definition for service login.v1: both ports must be whole numbers between 1024 and 65535',
    ],
    [
      "reversed ports",
      { ...valid, ports: [3000, 2000] },
      'invalid "ports" definition for service login.v1: minimum port cannot be greater than maximum port',
    ],
    [
      "a numeric scope",
      { ...valid, scopes: ["a", 1] },
      'invalid "scopes" for service login.v1: all scopes must be strings',
    ],
  ])("refuses %s", (_case, login, message) => {
    expect(() => hostWith(login).oauthClient("login.v1")).toThrow(
      expect.objectContaining({ code: "TOFUKIT_DISCO_INVALID_OAUTH_CLIENT", message }),
    );
  });

  it("uses the same not-provided and version rules as serviceURL, by key presence", () => {
    const host = hostWith(valid);
    expect(() => host.oauthClient("login.v2")).toThrow("host app.example does not support login version 2");
    expect(() => host.oauthClient("tfe.v2")).toThrow("host app.example does not provide a tfe service");
    expect(() => host.oauthClient("modules.v1")).toThrow(
      "service modules.v1 must be declared with an object value in the service discovery document",
    );
  });
});
