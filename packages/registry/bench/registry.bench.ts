// Hot paths of @tofukit/registry: classifying module sources (target ≤ 2 µs per address) and
// checking a version against a constraint (target ≤ 0.5 µs), in both engines.
import { bench, describe } from "vitest";
import {
  parseModuleSource,
  parseModuleVersion,
  parseModuleVersionConstraint,
  parseProviderSource,
  parseProviderVersion,
  parseProviderVersionConstraint,
} from "../src/index.js";

describe("parseModuleSource", () => {
  bench("a registry address", () => {
    parseModuleSource("hashicorp/consul/aws//modules/consul-cluster");
  });
  bench("a registry address on a private host", () => {
    parseModuleSource("app.terraform.io/example-corp/k8s-cluster/azurerm");
  });
  bench("a local path", () => {
    parseModuleSource("../modules/network");
  });
  bench("a GitHub shorthand", () => {
    parseModuleSource("github.com/a/b");
  });
  bench("a GitHub shorthand with a ref", () => {
    parseModuleSource("github.com/hashicorp/example//modules/x?ref=v1.2.0");
  });
  bench("a git URL", () => {
    parseModuleSource("git::https://example.com/vpc.git?ref=v1.2.0");
  });
});

describe("parseProviderSource", () => {
  bench("namespace/type", () => {
    parseProviderSource("hashicorp/aws");
  });
});

const moduleConstraint = parseModuleVersionConstraint(">= 1.2.0, < 2.0.0");
const providerConstraint = parseProviderVersionConstraint("~> 5.0");
const moduleVersion = parseModuleVersion("1.4.7");
const providerVersion = parseProviderVersion("5.31.0");

describe("a version-constraint check", () => {
  bench("module constraint, parsed version", () => {
    moduleConstraint.allows(moduleVersion);
  });
  bench("provider constraint, parsed version", () => {
    providerConstraint.allows(providerVersion);
  });
  bench("module constraint, version string", () => {
    moduleConstraint.allows("1.4.7");
  });
  bench("provider constraint, version string", () => {
    providerConstraint.allows("5.31.0");
  });
});

describe("parsing constraints", () => {
  bench("module constraint", () => {
    parseModuleVersionConstraint(">= 1.2.0, < 2.0.0");
  });
  bench("provider constraint", () => {
    parseProviderVersionConstraint("~> 5.0");
  });
});
