// regaddr's provider_test.go (TestParseProviderSource, TestParseProviderPart, the String,
// ForDisplay, IsBuiltIn, IsLegacy and Equals tables), OpenTofu's internal/addrs/provider_test.go
// texts, and the quirks the behaviour notes verified.
import { describe, expect, it } from "vitest";
import {
  type Hostname,
  impliedProviderForUnqualifiedType,
  Provider,
  parseProviderPart,
  parseProviderSource,
  parseProviderSourceString,
  RegistryAddressError,
} from "./index.js";

const h = (s: string): Hostname => s as Hostname;
const DEFAULT = h("registry.opentofu.org");

describe("parseProviderSource (TestParseProviderSource)", () => {
  const ok: Record<string, [string, string, string]> = {
    "registry.opentofu.org/hashicorp/aws": ["registry.opentofu.org", "hashicorp", "aws"],
    "registry.opentofu.org/HashiCorp/AWS": ["registry.opentofu.org", "hashicorp", "aws"],
    "opentofu.org/builtin/opentofu": ["opentofu.org", "builtin", "opentofu"],
    "terraform.io/builtin/terraform": ["terraform.io", "builtin", "terraform"],
    terraform: ["registry.opentofu.org", "?", "terraform"],
    "hashicorp/aws": ["registry.opentofu.org", "hashicorp", "aws"],
    "HashiCorp/AWS": ["registry.opentofu.org", "hashicorp", "aws"],
    aws: ["registry.opentofu.org", "?", "aws"],
    AWS: ["registry.opentofu.org", "?", "aws"],
    "example.com/foo-bar/baz-boop": ["example.com", "foo-bar", "baz-boop"],
    "foo-bar/baz-boop": ["registry.opentofu.org", "foo-bar", "baz-boop"],
    "localhost:8080/foo/bar": ["localhost:8080", "foo", "bar"],
    // Verified quirks: no dot needed in a provider host, digits may lead, full-width letters fold.
    "127.0.0.1/a/b": ["127.0.0.1", "a", "b"],
    "hashicorp/1aws": ["registry.opentofu.org", "hashicorp", "1aws"],
    "ＦＵＬＬ/ｆｕｌｌ": ["registry.opentofu.org", "full", "full"],
    "-/aws": ["registry.opentofu.org", "-", "aws"],
    // A one-part source returns before the prefix checks.
    "opentofu-bad": ["registry.opentofu.org", "?", "opentofu-bad"],
  };
  for (const [input, [hostname, namespace, type]] of Object.entries(ok)) {
    it(`reads ${input}`, () => {
      expect(parseProviderSource(input)).toEqual(new Provider(h(hostname), namespace, type));
    });
  }

  const bad = [
    "example.com/too/many/parts/here",
    "/too///many//slashes",
    "///",
    "/ / /",
    "badhost!/hashicorp/aws",
    "example.com/badnamespace!/aws",
    "example.com/bad--namespace/aws",
    "example.com/-badnamespace/aws",
    "example.com/badnamespace-/aws",
    "example.com/bad.namespace/aws",
    "example.com/hashicorp/badtype!",
    "example.com/hashicorp/bad--type",
    "example.com/hashicorp/-badtype",
    "example.com/hashicorp/badtype-",
    "example.com/hashicorp/bad.type",
    "example.com/opentofu/opentofu-provider-bad",
    "example.com/opentofu/opentofu-bad",
    "example.com/opentofu/terraform-provider-bad",
    "example.com/opentofu/terraform-bad",
  ];
  for (const input of bad) {
    it(`refuses ${input}`, () => {
      expect(() => parseProviderSource(input)).toThrow(RegistryAddressError);
    });
  }
});

describe("provider source diagnostics", () => {
  const cases: [string, string, string, string][] = [
    [
      "a/b/c/d",
      "TOFUKIT_REGISTRY_PROVIDER_SOURCE",
      "Invalid provider source string",
      'The "source" attribute must be in the format "[hostname/][namespace/]name"',
    ],
    [
      "",
      "TOFUKIT_REGISTRY_PROVIDER_SOURCE",
      "Invalid provider source string",
      'The "source" attribute must be in the format "[hostname/][namespace/]name"',
    ],
    [
      "example.com/hashicorp/badtype!",
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      'Invalid provider type "badtype!" in source "example.com/hashicorp/badtype!": must contain only letters, digits, and dashes, and may not use leading or trailing dashes"',
    ],
    [
      "example.com/badnamespace!/aws",
      "TOFUKIT_REGISTRY_PROVIDER_NAMESPACE",
      "Invalid provider namespace",
      'Invalid provider namespace "" in source "example.com/badnamespace!/aws": must contain only letters, digits, and dashes, and may not use leading or trailing dashes"',
    ],
    [
      "badhost!/hashicorp/aws",
      "TOFUKIT_REGISTRY_PROVIDER_HOSTNAME",
      "Invalid provider source hostname",
      'Invalid provider source hostname namespace "" in source "badhost!/hashicorp/aws": idna: disallowed rune U+0021"',
    ],
    [
      "example.com/-/aws",
      "TOFUKIT_REGISTRY_PROVIDER_NAMESPACE",
      "Invalid provider namespace",
      'The legacy provider namespace "-" can be used only with hostname registry.opentofu.org.',
    ],
    [
      "hashicorp/terraform-provider-aws",
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      'Provider source "hashicorp/terraform-provider-aws" has a type with the prefix "terraform-provider-", which isn\'t valid. Although that prefix is often used in the names of version control repositories for Terraform providers, provider source strings should not include it.\n\nDid you mean "hashicorp/aws"?',
    ],
    [
      "example.com/opentofu/terraform-bad",
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      'Provider source "example.com/opentofu/terraform-bad" has a type with the prefix "terraform-", which isn\'t allowed because it would be redundant to name a Terraform provider with that prefix. If you are the author of this provider, rename it to not include the prefix.',
    ],
    [
      "example.com/opentofu/opentofu-provider-bad",
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      'Provider source "example.com/opentofu/opentofu-provider-bad" has a type with the prefix "opentofu-provider-", which isn\'t valid. Although that prefix is sometimes used in the names of version control repositories for OpenTofu providers, provider source strings should not include it.\n\nDid you mean "example.com/opentofu/bad"?',
    ],
    [
      "hashicorp/opentofu-bad",
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      'Provider source "registry.opentofu.org/hashicorp/opentofu-bad" has a type with the prefix "opentofu-", which isn\'t allowed because it would be redundant to name an OpenTofu provider with that prefix. If you are the author of this provider, rename it to not include the prefix.',
    ],
    [
      "hashicorp/terraform-provider-",
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      'Invalid provider type "terraform-provider-" in source "hashicorp/terraform-provider-": must contain only letters, digits, and dashes, and may not use leading or trailing dashes"',
    ],
  ];
  for (const [input, code, summary, detail] of cases) {
    it(`${JSON.stringify(input)}: ${summary}`, () => {
      let caught: unknown;
      try {
        parseProviderSource(input);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(RegistryAddressError);
      expect(caught).toMatchObject({ code, summary, detail, message: `${summary}: ${detail}`, input });
    });
  }
});

describe("parseProviderPart (TestParseProviderPart)", () => {
  const cases: [string, string | { error: string }][] = [
    ["foo", "foo"],
    ["FOO", "foo"],
    ["Foo", "foo"],
    ["abc-123", "abc-123"],
    ["Испытание", "испытание"],
    ["münchen", "münchen"],
    ["mu\u0308nchen", "münchen"],
    ["abc--123", { error: "cannot use multiple consecutive dashes" }],
    ["xn--80akhbyknj4f", { error: "cannot use multiple consecutive dashes" }],
    ["abc.123", { error: "dots are not allowed" }],
    [
      "-abc123",
      { error: "must contain only letters, digits, and dashes, and may not use leading or trailing dashes" },
    ],
    [
      "abc123-",
      { error: "must contain only letters, digits, and dashes, and may not use leading or trailing dashes" },
    ],
    ["", { error: "must have at least one character" }],
    // Verified quirks: ß stays, underscores and joiners are refused, no length limit.
    ["ß", "ß"],
    [
      "a_b",
      { error: "must contain only letters, digits, and dashes, and may not use leading or trailing dashes" },
    ],
    [
      "a\u200db",
      { error: "must contain only letters, digits, and dashes, and may not use leading or trailing dashes" },
    ],
    [
      "a:1",
      { error: "must contain only letters, digits, and dashes, and may not use leading or trailing dashes" },
    ],
    ["a".repeat(100), "a".repeat(100)],
  ];
  for (const [given, want] of cases) {
    it(JSON.stringify(given), () => {
      if (typeof want === "string") expect(parseProviderPart(given)).toBe(want);
      else {
        expect(() => parseProviderPart(given)).toThrowError(
          expect.objectContaining({ code: "TOFUKIT_REGISTRY_PROVIDER_PART", message: want.error }),
        );
      }
    });
  }
});

describe("Provider", () => {
  it("renders toString with the host (TestProviderString)", () => {
    expect(String(new Provider(DEFAULT, "hashicorp", "test"))).toBe("registry.opentofu.org/hashicorp/test");
    expect(String(new Provider(DEFAULT, "hashicorp", "test-beta"))).toBe(
      "registry.opentofu.org/hashicorp/test-beta",
    );
    expect(String(new Provider(h("registry.opentofu.com"), "hashicorp", "test"))).toBe(
      "registry.opentofu.com/hashicorp/test",
    );
    expect(String(new Provider(DEFAULT, "othercorp", "test"))).toBe("registry.opentofu.org/othercorp/test");
    expect(String(parseProviderSource("aws"))).toBe("registry.opentofu.org/?/aws");
    expect(String(parseProviderSource("Испытание.com/a/b"))).toBe("испытание.com/a/b");
    expect(parseProviderSource("Испытание.com/a/b").hostname).toBe("xn--80akhbyknj4f.com");
  });

  it("renders forDisplay without the default host (TestProviderDisplay)", () => {
    expect(new Provider(DEFAULT, "hashicorp", "test").forDisplay()).toBe("hashicorp/test");
    expect(new Provider(h("registry.opentofu.com"), "hashicorp", "test").forDisplay()).toBe(
      "registry.opentofu.com/hashicorp/test",
    );
    expect(new Provider(DEFAULT, "othercorp", "test").forDisplay()).toBe("othercorp/test");
    expect(new Provider(h("terraform.io"), "builtin", "terraform").forDisplay()).toBe(
      "terraform.io/builtin/terraform",
    );
  });

  it("knows built-in providers (TestProviderIsBuiltIn)", () => {
    const cases: [Hostname, string, boolean][] = [
      [h("terraform.io"), "builtin", true],
      [h("opentofu.org"), "builtin", true],
      [h("terraform.io"), "boop", false],
      [DEFAULT, "builtin", false],
      [DEFAULT, "hashicorp", false],
      [h("registry.opentofu.com"), "hashicorp", false],
      [DEFAULT, "othercorp", false],
    ];
    for (const [host, ns, want] of cases) expect(new Provider(host, ns, "test").isBuiltIn()).toBe(want);
  });

  it("knows legacy providers (TestProviderIsLegacy)", () => {
    expect(new Provider(DEFAULT, "-", "test").isLegacy()).toBe(true);
    expect(new Provider(h("registry.opentofu.com"), "-", "test").isLegacy()).toBe(false);
    expect(new Provider(DEFAULT, "hashicorp", "test").isLegacy()).toBe(false);
  });

  it("compares providers (TestProviderEquals)", () => {
    const p = new Provider(DEFAULT, "foo", "test");
    expect(p.equals(new Provider(DEFAULT, "foo", "test"))).toBe(true);
    expect(p.equals(new Provider(DEFAULT, "bar", "test"))).toBe(false);
    expect(p.equals(new Provider(DEFAULT, "foo", "my-test"))).toBe(false);
    expect(p.equals(new Provider(h("example.com"), "foo", "test"))).toBe(false);
  });

  it("knows an unknown namespace", () => {
    expect(parseProviderSource("aws").hasKnownNamespace()).toBe(false);
    expect(parseProviderSource("hashicorp/aws").hasKnownNamespace()).toBe(true);
  });

  it("orders by host, namespace, then type", () => {
    const a = parseProviderSource("example.com/z/z");
    const b = parseProviderSource("registry.opentofu.org/a/a");
    expect(a.lessThan(b)).toBe(true);
    expect(b.lessThan(a)).toBe(false);
  });
});

describe("parseProviderSourceString (OpenTofu's TestParseProviderSourceStr)", () => {
  const ok: Record<string, [string, string, string]> = {
    "registry.opentofu.org/hashicorp/aws": ["registry.opentofu.org", "hashicorp", "aws"],
    "registry.opentofu.org/HashiCorp/AWS": ["registry.opentofu.org", "hashicorp", "aws"],
    "hashicorp/aws": ["registry.opentofu.org", "hashicorp", "aws"],
    "HashiCorp/AWS": ["registry.opentofu.org", "hashicorp", "aws"],
    aws: ["registry.opentofu.org", "hashicorp", "aws"],
    AWS: ["registry.opentofu.org", "hashicorp", "aws"],
    "example.com/foo-bar/baz-boop": ["example.com", "foo-bar", "baz-boop"],
    "foo-bar/baz-boop": ["registry.opentofu.org", "foo-bar", "baz-boop"],
    "localhost:8080/foo/bar": ["localhost:8080", "foo", "bar"],
    terraform: ["registry.opentofu.org", "hashicorp", "terraform"],
  };
  for (const [input, [hostname, namespace, type]] of Object.entries(ok)) {
    it(`reads ${input}`, () => {
      expect(parseProviderSourceString(input)).toEqual(new Provider(h(hostname), namespace, type));
    });
  }
  const bad = [
    "example.com/too/many/parts/here",
    "/too///many//slashes",
    "///",
    "/ / /",
    "badhost!/hashicorp/aws",
    "example.com/badnamespace!/aws",
    "example.com/bad--namespace/aws",
    "example.com/-badnamespace/aws",
    "example.com/badnamespace-/aws",
    "example.com/bad.namespace/aws",
    "example.com/hashicorp/badtype!",
    "example.com/hashicorp/bad--type",
    "example.com/hashicorp/-badtype",
    "example.com/hashicorp/badtype-",
    "example.com/hashicorp/bad.type",
    "example.com/hashicorp/terraform-provider-bad",
    "example.com/hashicorp/terraform-bad",
  ];
  for (const input of bad) {
    it(`refuses ${input}`, () =>
      expect(() => parseProviderSourceString(input)).toThrow(RegistryAddressError));
  }

  it("implies a provider for an unqualified type", () => {
    expect(String(impliedProviderForUnqualifiedType("aws"))).toBe("registry.opentofu.org/hashicorp/aws");
    expect(String(impliedProviderForUnqualifiedType("terraform"))).toBe("terraform.io/builtin/terraform");
    expect(impliedProviderForUnqualifiedType("terraform").isBuiltIn()).toBe(true);
  });
});
