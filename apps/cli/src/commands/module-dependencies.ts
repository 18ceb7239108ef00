// What a configuration depends on from registries, over its whole module tree as `tofu init`
// reads it: the `module` calls of every module (source and version, evaluated statically as
// OpenTofu reads them), and every provider a module requires: its `required_providers` entries,
// and the providers its `provider`, `resource`, `data` and `ephemeral` blocks imply where no entry
// names their local name (`hashicorp/<prefix>`). A provider's constraints from every entry of
// every module are merged: all of them must hold. The modules are found as `tofukit check` finds
// them (local sources beside their caller, installed ones through modules.json); a call whose
// module cannot be read is listed in `unread`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadModuleTree, type ModuleNode, type UncheckedCall } from "@tofukit/config";
import { loadModuleDirectory, nodeModuleTreeReader } from "@tofukit/config/node";
import type { Value } from "@tofukit/cty";
import {
  type Diagnostic,
  type Expression,
  evaluateExpression,
  exprAsTraversal,
  hasErrors,
  type JSONBody,
  jsonNodeValue,
  parseConfig,
  parseJSONFile,
  sourceless,
} from "@tofukit/hcl";
import {
  impliedProviderForUnqualifiedType,
  type ModuleSource,
  type ModuleVersionConstraint,
  type Provider,
  type ProviderVersionConstraint,
  parseModuleSource,
  parseModuleVersionConstraint,
  parseProviderSourceString,
  parseProviderVersionConstraint,
  parseProviderVersionConstraintRuby,
} from "@tofukit/registry";
import { uncheckedReason } from "../module/unchecked-reason.js";

/** A `module` call: its source as written and read, and its version constraint. */
interface ModuleDependency {
  readonly name: string;
  /** The call's address: `module.net`, `module.net.module.subnets`. */
  readonly address: string;
  /** Its key in `.terraform/modules/modules.json`: `net.subnets`. */
  readonly key: string;
  /** The source as written, or undefined when it is not a static string. */
  readonly raw: string | undefined;
  readonly source: ModuleSource | undefined;
  /** Why the source could not be read. */
  readonly problem: string | undefined;
  readonly version: string | undefined;
  readonly constraint: ModuleVersionConstraint | undefined;
}

/** A provider the configuration requires, with the constraints of every entry naming it. */
export interface ProviderDependency {
  /** The local names it is required by, in the order they are met. */
  readonly names: readonly string[];
  readonly provider: Provider;
  /** The modules requiring it, by address ("" for the root), parents first. */
  readonly modules: readonly string[];
  /** The constraints as written, each module's entries in file order. */
  readonly versions: readonly string[];
  /** Their conjunction; allows every version when there is none. */
  readonly constraint: ProviderVersionConstraint;
}

interface ModuleDependencies {
  readonly modules: readonly ModuleDependency[];
  readonly providers: readonly ProviderDependency[];
  /** Errors of reading the configuration: the dependencies are then incomplete. */
  readonly diagnostics: readonly Diagnostic[];
  /** Module calls whose modules could not be read: what they require is not included. */
  readonly unread: readonly UncheckedCall[];
  readonly sources: ReadonlyMap<string, string>;
}

function staticString(expr: Expression | undefined): string | undefined {
  if (expr === undefined) return undefined;
  const { value, diagnostics } = evaluateExpression(expr);
  if (hasErrors(diagnostics)) return undefined;
  return stringOf(value);
}

function stringOf(value: Value): string | undefined {
  if (value.isNull || !value.isKnown) return undefined;
  const kind = value.type.kind;
  if (kind === "string") return value.asString();
  return undefined;
}

function moduleDependency(
  name: string,
  parent: ModuleNode,
  raw: string | undefined,
  version: string | undefined,
): ModuleDependency {
  const address = parent.address === "" ? `module.${name}` : `${parent.address}.module.${name}`;
  const key = [...parent.path, name].join(".");
  let source: ModuleSource | undefined;
  let problem: string | undefined;
  let constraint: ModuleVersionConstraint | undefined;
  if (raw === undefined) problem = "the source is not a static string";
  else {
    try {
      source = parseModuleSource(raw);
    } catch (error) {
      problem = (error as Error).message;
    }
  }
  if (version !== undefined && problem === undefined) {
    try {
      constraint = parseModuleVersionConstraint(version);
    } catch (error) {
      problem = (error as Error).message;
    }
  }
  return { name, address, key, raw, source, problem, version, constraint };
}

interface RawRequirement {
  readonly name: string;
  readonly source: string | undefined;
  readonly version: string | undefined;
}

/** What one module's files say about providers. */
interface ModuleProviderUses {
  /** `required_providers` entries. */
  readonly required: RawRequirement[];
  /** `provider "NAME"` blocks, with the legacy `version` argument where one is written. */
  readonly configured: { readonly name: string; readonly version: string | undefined }[];
  /** The local names `resource`, `data` and `ephemeral` blocks use: a `provider` argument's, else the type's prefix. */
  readonly used: string[];
}

// `name = "~> 1.0"` (the legacy form: a version, the source implied) or `name = { source, version }`.
function requirementOf(name: string, value: Value): RawRequirement | undefined {
  if (value.isNull || !value.isKnown) return undefined;
  if (value.type.kind === "string") return { name, source: undefined, version: value.asString() };
  if (value.type.kind !== "object" && value.type.kind !== "map") return undefined;
  const attrs = value.attributes();
  const get = (key: string) => {
    const v = attrs.get(key);
    return v === undefined ? undefined : stringOf(v);
  };
  return { name, source: get("source"), version: get("version") };
}

// The local name a resource's provider comes from: `provider = aws.west` names `aws`; without the
// argument, the type's first word (`aws_instance`), as addrs.Resource.ImpliedProvider takes it.
const typePrefix = (type: string) => type.split("_")[0] ?? type;

const RESOURCE_BLOCKS = new Set(["resource", "data", "ephemeral"]);

function nativeUses(text: string, filename: string, uses: ModuleProviderUses, diags: Diagnostic[]): void {
  const { body, diagnostics } = parseConfig(text, filename);
  if (hasErrors(diagnostics)) return; // the configuration loader has reported it
  const resource = (labels: readonly string[], attrs: readonly { name: string; expr: Expression }[]) => {
    const type = labels[0];
    if (type === undefined) return;
    const provider = attrs.find((a) => a.name === "provider");
    const root = provider === undefined ? undefined : exprAsTraversal(provider.expr)?.[0];
    uses.used.push(root?.kind === "root" ? root.name : typePrefix(type));
  };
  for (const block of body.blocks) {
    if (block.type === "terraform") {
      for (const inner of block.body.blocks) {
        if (inner.type !== "required_providers") continue;
        for (const attr of inner.body.attributes) {
          const { value, diagnostics: d } = evaluateExpression(attr.expr);
          if (hasErrors(d)) {
            diags.push(...d);
            continue;
          }
          const req = requirementOf(attr.name, value);
          if (req !== undefined) uses.required.push(req);
        }
      }
    } else if (block.type === "provider" && block.labels[0] !== undefined) {
      const version = block.body.attributes.find((a) => a.name === "version");
      uses.configured.push({ name: block.labels[0], version: staticString(version?.expr) });
    } else if (RESOURCE_BLOCKS.has(block.type)) {
      resource(block.labels, block.body.attributes);
    } else if (block.type === "check") {
      for (const inner of block.body.blocks) {
        if (inner.type === "data") resource(inner.labels, inner.body.attributes);
      }
    }
  }
}

function jsonString(body: JSONBody, name: string): string | undefined {
  const { attributes } = body.partialContent({ attributes: [{ name }], blocks: [] });
  const node = attributes[0]?.node;
  return node?.kind === "string" ? node.value : undefined;
}

// A `.tf.json` file read through hcl's JSON syntax, as OpenTofu reads it: `terraform` and
// `required_providers` blocks (objects or arrays of objects), each entry's value without a context,
// and the `provider`, `resource`, `data`, `ephemeral` and `check` blocks.
function jsonUses(text: string, filename: string, uses: ModuleProviderUses): void {
  const { body, diagnostics } = parseJSONFile(text, filename);
  if (hasErrors(diagnostics)) return; // the configuration loader has reported it
  const top = body.partialContent({
    attributes: [],
    blocks: [
      { type: "terraform" },
      { type: "provider", labelNames: ["name"] },
      { type: "resource", labelNames: ["type", "name"] },
      { type: "data", labelNames: ["type", "name"] },
      { type: "ephemeral", labelNames: ["type", "name"] },
      { type: "check", labelNames: ["name"] },
    ],
  });
  const resource = (type: string | undefined, body: JSONBody) => {
    if (type === undefined) return;
    const provider = jsonString(body, "provider");
    uses.used.push(provider !== undefined ? (provider.split(".")[0] ?? provider) : typePrefix(type));
  };
  for (const block of top.blocks) {
    if (block.type === "terraform") {
      const required = block.body.partialContent({
        attributes: [],
        blocks: [{ type: "required_providers" }],
      });
      for (const inner of required.blocks) {
        for (const attr of inner.body.justAttributes().attributes) {
          const req = requirementOf(attr.name, jsonNodeValue(attr.node));
          if (req !== undefined) uses.required.push(req);
        }
      }
    } else if (block.type === "provider" && block.labels[0] !== undefined) {
      uses.configured.push({ name: block.labels[0], version: jsonString(block.body, "version") });
    } else if (block.type === "check") {
      const inner = block.body.partialContent({
        attributes: [],
        blocks: [{ type: "data", labelNames: ["type", "name"] }],
      });
      for (const data of inner.blocks) resource(data.labels[0], data.body);
    } else resource(block.labels[0], block.body);
  }
}

const problemDiagnostic = (summary: string, detail: string): Diagnostic =>
  sourceless("error", summary, detail);

function providerUses(node: ModuleNode, rootDir: string, diagnostics: Diagnostic[]): ModuleProviderUses {
  const uses: ModuleProviderUses = { required: [], configured: [], used: [] };
  for (const name of node.module.files) {
    const text = node.module.sources.get(name) ?? readFileSync(join(rootDir, name), "utf8");
    if (name.endsWith(".json")) jsonUses(text, name, uses);
    else nativeUses(text, name, uses, diagnostics);
  }
  return uses;
}

interface Gathered {
  names: string[];
  provider: Provider;
  modules: string[];
  versions: string[];
}

/**
 * The registry dependencies of the configuration in `dir` and of every module it calls.
 * Throws ConfigReadError when the root module cannot be read.
 */
export function readModuleDependencies(dir: string): ModuleDependencies {
  const { module } = loadModuleDirectory(dir);
  const tree = loadModuleTree(module, nodeModuleTreeReader(dir));
  const nodes = [tree.root, ...tree.modules];
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const modules: ModuleDependency[] = [];
  const byAddress = new Map<string, Gathered>();
  const require = (node: ModuleNode, name: string, provider: Provider, version: string | undefined) => {
    if (provider.isBuiltIn()) return; // not eligible for dependency locking
    const key = provider.toString();
    let entry = byAddress.get(key);
    if (entry === undefined) {
      entry = { names: [], provider, modules: [], versions: [] };
      byAddress.set(key, entry);
    }
    if (!entry.names.includes(name)) entry.names.push(name);
    if (!entry.modules.includes(node.address)) entry.modules.push(node.address);
    if (version !== undefined && version.trim() !== "") entry.versions.push(version);
  };
  // A module directory called many times has the same files: its errors are told once.
  const seenDirs = new Set<string>();
  for (const node of nodes) {
    const firstTime = !seenDirs.has(node.dir);
    seenDirs.add(node.dir);
    const nodeDiagnostics: Diagnostic[] = [];
    if (firstTime) nodeDiagnostics.push(...node.module.diagnostics.filter((d) => d.severity === "error"));
    for (const [name, text] of node.module.sources) sources.set(name, text);
    for (const call of node.module.moduleCalls.values()) {
      modules.push(
        moduleDependency(call.name, node, staticString(call.source?.expr), staticString(call.version?.expr)),
      );
    }
    const uses = providerUses(node, dir, nodeDiagnostics);
    if (firstTime) diagnostics.push(...nodeDiagnostics);
    // The module's local names: those its required_providers entries give, the others implied.
    const local = new Map<string, Provider>();
    for (const req of uses.required) {
      let provider: Provider;
      try {
        provider = parseProviderSourceString(req.source ?? req.name);
      } catch (error) {
        const e = error as Error & { summary?: string; detail?: string };
        if (firstTime) {
          diagnostics.push(
            problemDiagnostic(e.summary ?? "Invalid provider source address", e.detail ?? e.message),
          );
        }
        continue;
      }
      if (!local.has(req.name)) local.set(req.name, provider);
      require(node, req.name, provider, req.version);
    }
    const providerOf = (name: string) => local.get(name) ?? impliedProviderForUnqualifiedType(name);
    for (const config of uses.configured) require(node, config.name, providerOf(config.name), config.version);
    for (const name of uses.used) require(node, name, providerOf(name), undefined);
  }
  const providers: ProviderDependency[] = [];
  for (const entry of byAddress.values()) {
    let constraint: ProviderVersionConstraint;
    try {
      constraint =
        entry.versions.length === 0
          ? parseProviderVersionConstraintRuby("")
          : parseProviderVersionConstraint(entry.versions.join(", "));
    } catch (error) {
      const e = error as Error & { detail?: string };
      diagnostics.push(problemDiagnostic("Invalid version constraint", e.detail ?? e.message));
      continue;
    }
    providers.push({ ...entry, constraint });
  }
  // `--download` is `tofukit check`'s: here only `tofu init` installs what is missing.
  const unread = tree.unchecked.map((u) => ({ ...u, reason: uncheckedReason(u, false) }));
  return { modules, providers, diagnostics, unread, sources };
}
