import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import type { ServiceMap } from "./discovery-document.js";
import {
  ServiceIdError,
  ServiceNotProvidedError,
  ServiceURLError,
  VersionNotSupportedError,
} from "./errors.js";
import { Host } from "./host.js";

function hostWith(services: ServiceMap | null, name = "registry.example"): Host {
  const hostname = forComparison(name);
  return new Host({
    hostname,
    target: hostname,
    discoveryURL: `https://${hostname}/.well-known/terraform.json`,
    services,
    forced: false,
  });
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("Host.serviceURL", () => {
  const host = hostWith({
    "modules.v1": "/v1/modules/",
    "providers.v1": "https://cdn.example/providers/",
    "modules.v10": "/v10/",
    "login.v1": { client: "cli" },
    "state.v1": 42,
    "bad.v1": "ftp://x/",
  });

  it("resolves a relative URL against the discovery URL", () => {
    expect(host.serviceURL("modules.v1").href).toBe("https://registry.example/v1/modules/");
    expect(host.serviceURL("providers.v1").href).toBe("https://cdn.example/providers/");
  });

  it("reports a service with other versions as version not supported", () => {
    const error = thrown(() => host.serviceURL("modules.v2"));
    expect(error).toBeInstanceOf(VersionNotSupportedError);
    expect(error).toMatchObject({
      code: "TOFUKIT_DISCO_VERSION_NOT_SUPPORTED",
      message: "host registry.example does not support modules version 2",
      service: "modules",
      version: 2n,
    });
  });

  it("matches versions textually: modules.v10 does not satisfy modules.v01", () => {
    expect(() => host.serviceURL("modules.v01")).toThrow(
      "host registry.example does not support modules version 1",
    );
  });

  it("reports an object-valued service such as login.v1 as version not supported", () => {
    expect(() => host.serviceURL("login.v1")).toThrow(
      "host registry.example does not support login version 1",
    );
    expect(() => host.serviceURL("state.v1")).toThrow(
      "host registry.example does not support state version 1",
    );
  });

  it("reports an absent service as not provided", () => {
    const error = thrown(() => host.serviceURL("tfe.v2.1"));
    expect(error).toBeInstanceOf(ServiceNotProvidedError);
    expect(error).toMatchObject({
      code: "TOFUKIT_DISCO_SERVICE_NOT_PROVIDED",
      message: "host registry.example does not provide a tfe service",
    });
    expect(() => host.serviceURL(".v1")).toThrow("host registry.example does not provide a  service");
  });

  it("reports a host without services without naming it", () => {
    expect(() => hostWith(null).serviceURL("modules.v1")).toThrow(
      expect.objectContaining({ message: "host does not provide a modules service", host: "" }),
    );
  });

  it("names the host in its Unicode display form", () => {
    const unicode = hostWith({}, "Bücher.example:8443");
    expect(() => unicode.serviceURL("login.v1")).toThrow(
      "host bücher.example:8443 does not provide a login service",
    );
  });

  it("validates the id before looking at the services", () => {
    expect(thrown(() => hostWith(null).serviceURL("modules"))).toBeInstanceOf(ServiceIdError);
  });

  it("wraps URL failures in the reference's message", () => {
    const error = thrown(() => host.serviceURL("bad.v1"));
    expect(error).toBeInstanceOf(ServiceURLError);
    expect(error).toMatchObject({
      code: "TOFUKIT_DISCO_INVALID_SERVICE_URL",
      message: "failed to parse service URL: unsupported scheme ftp",
    });
  });

  it("ignores inherited properties of the services object", () => {
    expect(() => hostWith({}).serviceURL("constructor.v1")).toThrow("does not provide a constructor service");
  });
});
