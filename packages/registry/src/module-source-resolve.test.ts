// Resolving a local module source against its caller (ResolveRelativeModuleSource) and a
// registry's answer against the registry address (TestModuleSourceRemoteFromRegistry).
import { describe, expect, it } from "vitest";
import {
  parseModuleSource,
  RegistryAddressError,
  RemoteModuleSource,
  resolveRelativeModuleSource,
} from "./index.js";

const resolve = (a: string, b: string): string =>
  String(resolveRelativeModuleSource(parseModuleSource(a), parseModuleSource(b)));

describe("resolveRelativeModuleSource", () => {
  it("joins local paths", () => {
    expect(resolve("./a", "./b")).toBe("./a/b");
    expect(resolve("./a", "../b")).toBe("./b");
    expect(resolve("./a", "../../b")).toBe("../b");
    expect(resolve("../a", "./b")).toBe("../a/b");
  });

  it("keeps non-local sources as they are", () => {
    expect(resolve("./a", "hashicorp/consul/aws")).toBe("registry.opentofu.org/hashicorp/consul/aws");
    expect(resolve("hashicorp/consul/aws//x", "git::https://example.com/m.git")).toBe(
      "git::https://example.com/m.git",
    );
  });

  it("stays inside a registry or remote package", () => {
    expect(resolve("hashicorp/consul/aws//modules/a", "../b")).toBe(
      "registry.opentofu.org/hashicorp/consul/aws//modules/b",
    );
    expect(resolve("hashicorp/consul/aws//modules", "../")).toBe(
      "registry.opentofu.org/hashicorp/consul/aws",
    );
    expect(resolve("git::https://example.com/m.git?ref=v1", "./sub")).toBe(
      "git::https://example.com/m.git//sub?ref=v1",
    );
  });

  it("refuses a path out of the package", () => {
    expect(() => resolve("hashicorp/consul/aws", "../x")).toThrowError(
      expect.objectContaining({
        code: "TOFUKIT_REGISTRY_SUBDIR_ESCAPES",
        message:
          'invalid relative path from registry.opentofu.org/hashicorp/consul/aws: relative path ../x has too many "../" segments',
      }),
    );
    expect(() => resolve("git::https://example.com/m.git//a", "../../x")).toThrow(RegistryAddressError);
  });
});

describe("RemoteModuleSource.fromRegistry (TestModuleSourceRemoteFromRegistry)", () => {
  it("joins both subdirectories", () => {
    const remote = new RemoteModuleSource("boop", "foo");
    const got = remote.fromRegistry({ subdir: "bar" });
    expect(got.subdir).toBe("foo/bar");
    expect(remote.subdir).toBe("foo");
  });
  it("keeps the remote's subdirectory alone", () => {
    expect(new RemoteModuleSource("boop", "foo").fromRegistry({ subdir: "" }).subdir).toBe("foo");
  });
  it("takes the registry's subdirectory alone", () => {
    expect(new RemoteModuleSource("boop", "").fromRegistry({ subdir: "bar" }).subdir).toBe("bar");
  });
});
