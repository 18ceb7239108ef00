// OpenTofu's TestParseModuleSource, TestParseModuleSourceRemote and TestParseModuleSourceRegistry
// (internal/addrs/module_source_test.go), regaddr's TestParseModuleSource tables, and the edge
// cases the behaviour notes verified against the reference.
import { describe, expect, it } from "vitest";
import {
  LocalModuleSource,
  parseModuleSource,
  parseModuleSourceRegistry,
  RegistryAddressError,
  RegistryModuleSource,
  RemoteModuleSource,
} from "./index.js";

type Want =
  | { local: string }
  | { host: string; namespace: string; name: string; system: string; subdir?: string }
  | { remote: string; subdir?: string }
  | { error: string };

const parseCases: Record<string, [string, Want]> = {
  "local in subdirectory": ["./child", { local: "./child" }],
  "local in subdirectory non-normalized": ["./nope/../child", { local: "./child" }],
  "local in sibling directory": ["../sibling", { local: "../sibling" }],
  "local in sibling directory non-normalized": ["./nope/../../sibling", { local: "../sibling" }],
  "Windows-style local in subdirectory": [".\\child", { local: "./child" }],
  "Windows-style local in subdirectory non-normalized": [".\\nope\\..\\child", { local: "./child" }],
  "Windows-style local in sibling directory": ["..\\sibling", { local: "../sibling" }],
  "Windows-style local in sibling directory non-normalized": [
    ".\\nope\\..\\..\\sibling",
    { local: "../sibling" },
  ],
  "an abominable mix of different slashes": [
    "./nope\\nope/why\\./please\\don't",
    { local: "./nope/nope/why/please/don't" },
  ],
  "main registry implied": [
    "hashicorp/subnets/cidr",
    { host: "registry.opentofu.org", namespace: "hashicorp", name: "subnets", system: "cidr" },
  ],
  "main registry implied, subdir": [
    "hashicorp/subnets/cidr//examples/foo",
    {
      host: "registry.opentofu.org",
      namespace: "hashicorp",
      name: "subnets",
      system: "cidr",
      subdir: "examples/foo",
    },
  ],
  "main registry implied, escaping subdir": [
    "hashicorp/subnets/cidr//../nope",
    { error: 'subdirectory path "../nope" leads outside of the module package' },
  ],
  "custom registry": [
    "example.com/awesomecorp/network/happycloud",
    { host: "example.com", namespace: "awesomecorp", name: "network", system: "happycloud" },
  ],
  "custom registry, subdir": [
    "example.com/awesomecorp/network/happycloud//examples/foo",
    {
      host: "example.com",
      namespace: "awesomecorp",
      name: "network",
      system: "happycloud",
      subdir: "examples/foo",
    },
  ],
  "github.com shorthand": [
    "github.com/hashicorp/terraform-cidr-subnets",
    { remote: "git::https://github.com/hashicorp/terraform-cidr-subnets.git" },
  ],
  "github.com shorthand, subdir": [
    "github.com/hashicorp/terraform-cidr-subnets//example/foo",
    { remote: "git::https://github.com/hashicorp/terraform-cidr-subnets.git", subdir: "example/foo" },
  ],
  "github.com with branch and subdir": [
    "github.com/hashicorp/terraform-cidr-subnets//example/foo?ref=bar",
    { remote: "git::https://github.com/hashicorp/terraform-cidr-subnets.git?ref=bar", subdir: "example/foo" },
  ],
  "github.com with subdir and malformed query params": [
    "github.com/hashicorp/terraform-cidr-subnets//example/foo?",
    { remote: "git::https://github.com/hashicorp/terraform-cidr-subnets.git", subdir: "example/foo" },
  ],
  "github.com subdir from a branch containing slash in the name": [
    "github.com/hashicorp/terraform-cidr-subnets//example/foo?ref=bar/baz",
    {
      remote: "git::https://github.com/hashicorp/terraform-cidr-subnets.git?ref=bar/baz",
      subdir: "example/foo",
    },
  ],
  "git protocol, URL-style": ["git://example.com/code/baz.git", { remote: "git://example.com/code/baz.git" }],
  "git protocol, URL-style, subdir": [
    "git://example.com/code/baz.git//bleep/bloop",
    { remote: "git://example.com/code/baz.git", subdir: "bleep/bloop" },
  ],
  "git over HTTPS, URL-style": [
    "git::https://example.com/code/baz.git",
    { remote: "git::https://example.com/code/baz.git" },
  ],
  "git over HTTPS, URL-style, subdir": [
    "git::https://example.com/code/baz.git//bleep/bloop",
    { remote: "git::https://example.com/code/baz.git", subdir: "bleep/bloop" },
  ],
  "git over HTTPS, URL-style, subdir, query parameters": [
    "git::https://example.com/code/baz.git//bleep/bloop?otherthing=blah",
    { remote: "git::https://example.com/code/baz.git?otherthing=blah", subdir: "bleep/bloop" },
  ],
  "git over SSH, URL-style": [
    "git::ssh://git@example.com/code/baz.git",
    { remote: "git::ssh://git@example.com/code/baz.git" },
  ],
  "git over SSH, URL-style, subdir": [
    "git::ssh://git@example.com/code/baz.git//bleep/bloop",
    { remote: "git::ssh://git@example.com/code/baz.git", subdir: "bleep/bloop" },
  ],
  "git over SSH, scp-style": [
    "git::git@example.com:code/baz.git",
    { remote: "git::ssh://git@example.com/code/baz.git" },
  ],
  "git over SSH, scp-style, subdir": [
    "git::git@example.com:code/baz.git//bleep/bloop",
    { remote: "git::ssh://git@example.com/code/baz.git", subdir: "bleep/bloop" },
  ],
  "Google Cloud Storage bucket implied, path prefix": [
    "www.googleapis.com/storage/v1/BUCKET_NAME/PATH_TO_MODULE",
    { remote: "gcs::https://www.googleapis.com/storage/v1/BUCKET_NAME/PATH_TO_MODULE" },
  ],
  "Google Cloud Storage bucket, path prefix": [
    "gcs::https://www.googleapis.com/storage/v1/BUCKET_NAME/PATH_TO_MODULE",
    { remote: "gcs::https://www.googleapis.com/storage/v1/BUCKET_NAME/PATH_TO_MODULE" },
  ],
  "Google Cloud Storage bucket implied, archive object": [
    "www.googleapis.com/storage/v1/BUCKET_NAME/PATH/TO/module.zip",
    { remote: "gcs::https://www.googleapis.com/storage/v1/BUCKET_NAME/PATH/TO/module.zip" },
  ],
  "Google Cloud Storage bucket, archive object": [
    "gcs::https://www.googleapis.com/storage/v1/BUCKET_NAME/PATH/TO/module.zip",
    { remote: "gcs::https://www.googleapis.com/storage/v1/BUCKET_NAME/PATH/TO/module.zip" },
  ],
  "Amazon S3 bucket implied, archive object": [
    "s3-eu-west-1.amazonaws.com/examplecorp-terraform-modules/vpc.zip",
    { remote: "s3::https://s3-eu-west-1.amazonaws.com/examplecorp-terraform-modules/vpc.zip" },
  ],
  "Amazon S3 bucket, archive object": [
    "s3::https://s3-eu-west-1.amazonaws.com/examplecorp-terraform-modules/vpc.zip",
    { remote: "s3::https://s3-eu-west-1.amazonaws.com/examplecorp-terraform-modules/vpc.zip" },
  ],
  "HTTP URL": ["http://example.com/module", { remote: "http://example.com/module" }],
  "HTTPS URL": ["https://example.com/module", { remote: "https://example.com/module" }],
  "HTTPS URL, archive file": ["https://example.com/module.zip", { remote: "https://example.com/module.zip" }],
  "HTTPS URL, forced archive file": [
    "https://example.com/module?archive=tar",
    { remote: "https://example.com/module?archive=tar" },
  ],
  "HTTPS URL, forced archive file and checksum": [
    "https://example.com/module?archive=tar&checksum=blah",
    { remote: "https://example.com/module?archive=tar&checksum=blah" },
  ],
  "absolute filesystem path": ["/tmp/foo/example", { remote: "file:///tmp/foo/example" }],
  "absolute filesystem path, subdir": ["/tmp/foo//example", { remote: "file:///tmp/foo", subdir: "example" }],
  "subdir escaping out of package": [
    "/tmp/foo//example/../../invalid",
    { error: 'subdirectory path "../invalid" leads outside of the module package' },
  ],
  "relative path without the needed prefix": [
    "boop/bloop",
    { error: "OpenTofu cannot detect a supported external module source type for boop/bloop" },
  ],
  "go-getter will accept all sorts of garbage": [
    "dfgdfgsd:dgfhdfghdfghdfg/dfghdfghdfg",
    { remote: "dfgdfgsd:dgfhdfghdfghdfg/dfghdfghdfg" },
  ],
  // Cases the behaviour notes verified against the reference.
  "an uppercase target system is not a registry address": [
    "hashicorp/consul/AWS",
    { error: "OpenTofu cannot detect a supported external module source type for hashicorp/consul/AWS" },
  ],
  "github.com with four parts is the GitHub shorthand with a subdirectory": [
    "github.com/org/repo/sub",
    { remote: "git::https://github.com/org/repo.git", subdir: "sub" },
  ],
  "a GitHub shorthand with a subdirectory and a ref": [
    "github.com/org/repo/sub?ref=v1",
    { remote: "git::https://github.com/org/repo.git?ref=v1", subdir: "sub" },
  ],
  "a GitHub shorthand needs a repository": [
    "github.com/org",
    { error: "GitHub URLs should be github.com/username/repo" },
  ],
  "a gitlab.com address is a registry address": [
    "gitlab.com/a/b/c",
    { host: "gitlab.com", namespace: "a", name: "b", system: "c" },
  ],
  "a local path that cleans to dot": ["./", { local: "./." }],
  "a local path that cleans to dot-dot": ["./..", { local: "./.." }],
  "the parent directory alone": ["../", { local: "./.." }],
  "scp-style git without the forcing prefix": [
    "git@github.com:org/repo.git",
    { remote: "git::ssh://git@github.com/org/repo.git" },
  ],
  "scp-style with a query string re-encoded": [
    "git@example.com:org/repo.git?ref=a b&depth=1",
    { remote: "git::ssh://git@example.com/org/repo.git?depth=1&ref=a+b" },
  ],
  "scp-style with another user is not git": [
    "bob@example.com:org/repo.git",
    {
      error:
        "OpenTofu cannot detect a supported external module source type for bob@example.com:org/repo.git",
    },
  ],
  "the Bitbucket shorthand is git": [
    "bitbucket.org/org/repo",
    { remote: "git::https://bitbucket.org/org/repo.git" },
  ],
  "a GCS shorthand needs five parts": [
    "www.googleapis.com/storage/v1/BUCKET",
    { error: "URL is not a valid GCS URL" },
  ],
  "S3 virtual-host style": [
    "bucket.s3-eu-west-1.amazonaws.com/vpc.zip",
    { remote: "s3::https://s3-eu-west-1.amazonaws.com/bucket/vpc.zip" },
  ],
  "S3 new virtual-host style": [
    "bucket.s3.eu-west-1.amazonaws.com/vpc.zip",
    { remote: "s3::https://s3.eu-west-1.amazonaws.com/bucket/vpc.zip" },
  ],
  "S3 with an unknown host shape": ["a.b.c.d.e.f.amazonaws.com/x", { error: "URL is not a valid S3 URL" }],
  "an OCI address passes as given": [
    "oci://example.com/repo/module",
    { remote: "oci://example.com/repo/module" },
  ],
  "a forced getter on a scheme-less address is kept": [
    "hg::example.com/repo",
    { error: "OpenTofu cannot detect a supported external module source type for example.com/repo" },
  ],
  "an empty source": ["", { error: "invalid source string: " }],
  "a subdirectory alone": ["//foo", { error: "invalid source string: " }],
  "registry subdir of exactly dot-dot passes (quirk)": [
    "a/b/c//..",
    { host: "registry.opentofu.org", namespace: "a", name: "b", system: "c", subdir: ".." },
  ],
};

function check(raw: string, want: Want): void {
  if ("error" in want) {
    let caught: unknown;
    try {
      parseModuleSource(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RegistryAddressError);
    expect((caught as RegistryAddressError).message).toBe(want.error);
    return;
  }
  const got = parseModuleSource(raw);
  if ("local" in want) {
    expect(got).toBeInstanceOf(LocalModuleSource);
    expect(got).toMatchObject({ kind: "local", path: want.local });
  } else if ("remote" in want) {
    expect(got).toBeInstanceOf(RemoteModuleSource);
    expect(got).toMatchObject({ kind: "remote", url: want.remote, subdir: want.subdir ?? "" });
  } else {
    expect(got).toBeInstanceOf(RegistryModuleSource);
    expect(got).toMatchObject({
      kind: "registry",
      host: want.host,
      namespace: want.namespace,
      name: want.name,
      targetSystem: want.system,
      subdir: want.subdir ?? "",
    });
  }
}

describe("parseModuleSource", () => {
  for (const [name, [raw, want]] of Object.entries(parseCases)) {
    it(`${name}: ${JSON.stringify(raw)}`, () => check(raw, want));
  }

  it("names the getter of a remote source", () => {
    const git = parseModuleSource("git::https://example.com/x.git") as RemoteModuleSource;
    expect(git.getter).toBe("git");
    const https = parseModuleSource("HTTPS://example.com/x.zip") as RemoteModuleSource;
    expect(https.getter).toBe("https");
  });
});

describe("RemoteModuleSource rendering (TestParseModuleSourceRemote)", () => {
  const cases: [string, string][] = [
    [
      "git::https://example.com/code/baz.git?otherthing=blah",
      "git::https://example.com/code/baz.git?otherthing=blah",
    ],
    [
      "git::https://example.com/code/baz.git//bleep/bloop?otherthing=blah",
      "git::https://example.com/code/baz.git//bleep/bloop?otherthing=blah",
    ],
  ];
  for (const [raw, want] of cases) {
    it(raw, () => {
      const got = parseModuleSource(raw);
      expect(String(got)).toBe(want);
      expect(got.forDisplay()).toBe(want);
    });
  }
});

const registryCases: Record<
  string,
  [string, { string: string; display: string; protocol: string } | { error: string }]
> = {
  "public registry": [
    "hashicorp/consul/aws",
    {
      string: "registry.opentofu.org/hashicorp/consul/aws",
      display: "hashicorp/consul/aws",
      protocol: "hashicorp/consul/aws",
    },
  ],
  "public registry with subdir": [
    "hashicorp/consul/aws//foo",
    {
      string: "registry.opentofu.org/hashicorp/consul/aws//foo",
      display: "hashicorp/consul/aws//foo",
      protocol: "hashicorp/consul/aws",
    },
  ],
  "public registry using explicit hostname": [
    "registry.opentofu.org/hashicorp/consul/aws",
    {
      string: "registry.opentofu.org/hashicorp/consul/aws",
      display: "hashicorp/consul/aws",
      protocol: "hashicorp/consul/aws",
    },
  ],
  "public registry with mixed case names": [
    "HashiCorp/Consul/aws",
    {
      string: "registry.opentofu.org/HashiCorp/Consul/aws",
      display: "HashiCorp/Consul/aws",
      protocol: "HashiCorp/Consul/aws",
    },
  ],
  "private registry with non-standard port": [
    "Example.com:1234/HashiCorp/Consul/aws",
    {
      string: "example.com:1234/HashiCorp/Consul/aws",
      display: "example.com:1234/HashiCorp/Consul/aws",
      protocol: "HashiCorp/Consul/aws",
    },
  ],
  "private registry with IDN hostname": [
    "Испытание.com/HashiCorp/Consul/aws",
    {
      string: "испытание.com/HashiCorp/Consul/aws",
      display: "испытание.com/HashiCorp/Consul/aws",
      protocol: "HashiCorp/Consul/aws",
    },
  ],
  "private registry with IDN hostname and non-standard port": [
    "Испытание.com:1234/HashiCorp/Consul/aws//Foo",
    {
      string: "испытание.com:1234/HashiCorp/Consul/aws//Foo",
      display: "испытание.com:1234/HashiCorp/Consul/aws//Foo",
      protocol: "HashiCorp/Consul/aws",
    },
  ],
  "invalid hostname": [
    "---.com/HashiCorp/Consul/aws",
    {
      error:
        'invalid module registry hostname "---.com"; internationalized domain names must be given as direct unicode characters, not in punycode',
    },
  ],
  "hostname with only one label": [
    "foo/var/baz/qux",
    { error: "invalid module registry hostname: must contain at least one dot" },
  ],
  "invalid target system characters": [
    "foo/var/no-no-no",
    { error: 'invalid target system "no-no-no": must be between one and 64 ASCII letters or digits' },
  ],
  "invalid target system length": [
    `foo/var/${"a".repeat(117)}h`,
    {
      error: `invalid target system "${"a".repeat(117)}h": must be between one and 64 ASCII letters or digits`,
    },
  ],
  "invalid namespace": [
    "boop!/var/baz",
    {
      error:
        'invalid namespace "boop!": must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix',
    },
  ],
  "missing part with explicit hostname": [
    "foo.com/var/baz",
    {
      error:
        "source address must have three more components after the hostname: the namespace, the name, and the target system",
    },
  ],
  "errant query string": [
    "foo/var/baz?otherthing",
    { error: "module registry addresses may not include a query string portion" },
  ],
  "github.com": [
    "github.com/HashiCorp/Consul/aws",
    {
      error: `can't use "github.com" as a module registry host, because it's reserved for installing directly from version control repositories`,
    },
  ],
  "bitbucket.org": [
    "bitbucket.org/HashiCorp/Consul/aws",
    {
      error: `can't use "bitbucket.org" as a module registry host, because it's reserved for installing directly from version control repositories`,
    },
  ],
  "local path from current dir": [
    "./boop",
    { error: `can't use local directory "./boop" as a module registry address` },
  ],
  "local path from parent dir": [
    "../boop",
    { error: `can't use local directory "../boop" as a module registry address` },
  ],
  "relative path without the needed prefix": [
    "boop/bloop",
    { error: "a module registry source address must have either three or four slash-separated components" },
  ],
  // Verified edge cases of the behaviour notes (§1.2).
  "port 443 is dropped": [
    "Example.COM:443/ns/name/sys",
    { string: "example.com/ns/name/sys", display: "example.com/ns/name/sys", protocol: "ns/name/sys" },
  ],
  "an uppercase target system": [
    "example.com/ns/name/Sys",
    { error: 'invalid target system "Sys": must be between one and 64 ASCII letters or digits' },
  ],
  "a cleaned subdir": [
    "a/b/c//x/../y",
    { string: "registry.opentofu.org/a/b/c//y", display: "a/b/c//y", protocol: "a/b/c" },
  ],
  "a subdir of dot": [
    "a/b/c//./",
    { string: "registry.opentofu.org/a/b/c//.", display: "a/b/c//.", protocol: "a/b/c" },
  ],
  "an absolute-looking subdir": [
    "a/b/c///d",
    { string: "registry.opentofu.org/a/b/c///d", display: "a/b/c///d", protocol: "a/b/c" },
  ],
  "an empty subdir": [
    "a/b/c//",
    { string: "registry.opentofu.org/a/b/c", display: "a/b/c", protocol: "a/b/c" },
  ],
  "a subdir of dot-dot": [
    "a/b/c//x/../..",
    { string: "registry.opentofu.org/a/b/c//..", display: "a/b/c//..", protocol: "a/b/c" },
  ],
  "a query string after the subdir": [
    "ns/n/s//a?x=1",
    { error: "module registry addresses may not include a query string portion" },
  ],
  "a dotted namespace without a host": [
    "a.b/c/d",
    {
      error:
        "source address must have three more components after the hostname: the namespace, the name, and the target system",
    },
  ],
  "a punycode host": [
    "xn--80akhbyknj4f.com/a/b/c",
    {
      error:
        'invalid module registry hostname "xn--80akhbyknj4f.com"; internationalized domain names must be given as direct unicode characters, not in punycode',
    },
  ],
  "double dashes away from positions 3 and 4": [
    "a--b.com/x/y/z",
    { string: "a--b.com/x/y/z", display: "a--b.com/x/y/z", protocol: "x/y/z" },
  ],
  "a port out of range": [
    "example.com:99999/a/b/c",
    { error: 'invalid module registry hostname "example.com:99999"' },
  ],
  "an empty label": ["example..com/a/b/c", { error: 'invalid module registry hostname "example..com"' }],
  "a trailing dot is kept": [
    "example.com./ns/n/s",
    { string: "example.com./ns/n/s", display: "example.com./ns/n/s", protocol: "ns/n/s" },
  ],
  "an invalid module name": [
    "ns/-name/sys",
    {
      error:
        'invalid module name "-name": must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix',
    },
  ],
};

describe("parseModuleSourceRegistry", () => {
  for (const [name, [raw, want]] of Object.entries(registryCases)) {
    it(`${name}: ${JSON.stringify(raw)}`, () => {
      if ("error" in want) {
        expect(() => parseModuleSourceRegistry(raw)).toThrowError(
          expect.objectContaining({ name: "RegistryAddressError", message: want.error }),
        );
        return;
      }
      const got = parseModuleSourceRegistry(raw);
      expect(String(got)).toBe(want.string);
      expect(got.forDisplay()).toBe(want.display);
      expect(got.forRegistryProtocol()).toBe(want.protocol);
    });
  }

  it("gives each refusal a stable code", () => {
    const codeOf = (raw: string): string => {
      try {
        parseModuleSourceRegistry(raw);
      } catch (error) {
        return (error as RegistryAddressError).code;
      }
      return "none";
    };
    expect(codeOf("./x")).toBe("TOFUKIT_REGISTRY_LOCAL_AS_REGISTRY");
    expect(codeOf("a/b")).toBe("TOFUKIT_REGISTRY_MODULE_COMPONENTS");
    expect(codeOf("github.com/a/b/c")).toBe("TOFUKIT_REGISTRY_RESERVED_HOST");
    expect(codeOf("a/b/c?x")).toBe("TOFUKIT_REGISTRY_QUERY_STRING");
    expect(codeOf("a/b/c//../x")).toBe("TOFUKIT_REGISTRY_SUBDIR_ESCAPES");
  });
});
