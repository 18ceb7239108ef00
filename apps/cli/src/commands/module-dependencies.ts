// What a module depends on from registries: its `module` calls (source and version, evaluated
// statically as OpenTofu reads them) and the `required_providers` entries of its `terraform`
// blocks, with every provider's constraints merged across the blocks that name it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadModuleDirectory } from "@tofukit/config/node";
import type { Value } from "@tofukit/cty";
import {
  type Diagnostic,
  type Expression,
  evaluateExpression,
  hasErrors,
  jsonNodeValue,
  parseConfig,
  parseJSONFile,
  sourceless,
} from "@tofukit/hcl";
import {
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

/** A `module` call: its source as written and read, and its version constraint. */
export interface ModuleDependency {
  readonly name: string;
  /** The source as written, or undefined when it is not a static string. */
  readonly raw: string | undefined;
  readonly source: ModuleSource | undefined;
  /** Why the source could not be read. */
  readonly problem: string | undefined;
  readonly version: string | undefined;
  readonly constraint: ModuleVersionConstraint | undefined;
}

/** A provider the module requires, with the constraints of every entry naming it. */
export interface ProviderDependency {
  /** The local names it is required by, in file order. */
  readonly names: readonly string[];
  readonly provider: Provider;
  /** The constraints as written, each entry's in file order. */
  readonly versions: readonly string[];
  /** Their conjunction; allows every version when there is none. */
  readonly constraint: ProviderVersionConstraint;
}

export interface ModuleDependencies {
  readonly modules: readonly ModuleDependency[];
  readonly providers: readonly ProviderDependency[];
  /** Errors of reading the configuration: the dependencies are then incomplete. */
  readonly diagnostics: readonly Diagnostic[];
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
  raw: string | undefined,
  version: string | undefined,
): ModuleDependency {
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
  return { name, raw, source, problem, version, constraint };
}

interface RawRequirement {
  readonly name: string;
  readonly source: string | undefined;
  readonly version: string | undefined;
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

function nativeRequirements(text: string, filename: string, diags: Diagnostic[]): RawRequirement[] {
  const { body, diagnostics } = parseConfig(text, filename);
  if (hasErrors(diagnostics)) return [];
  const out: RawRequirement[] = [];
  for (const block of body.blocks) {
    if (block.type !== "terraform") continue;
    for (const inner of block.body.blocks) {
      if (inner.type !== "required_providers") continue;
      for (const attr of inner.body.attributes) {
        const { value, diagnostics: d } = evaluateExpression(attr.expr);
        if (hasErrors(d)) {
          diags.push(...d);
          continue;
        }
        const req = requirementOf(attr.name, value);
        if (req !== undefined) out.push(req);
      }
    }
  }
  return out;
}

// A `.tf.json` file read through hcl's JSON syntax, as OpenTofu reads it: `terraform` and
// `required_providers` blocks (objects or arrays of objects), each entry's value without a context.
function jsonRequirements(text: string, filename: string): RawRequirement[] {
  const { body, diagnostics } = parseJSONFile(text, filename);
  if (diagnostics.some((d) => d.severity === "error")) return []; // the configuration loader has reported it
  const out: RawRequirement[] = [];
  const terraform = body.partialContent({ attributes: [], blocks: [{ type: "terraform" }] });
  for (const block of terraform.blocks) {
    const required = block.body.partialContent({ attributes: [], blocks: [{ type: "required_providers" }] });
    for (const inner of required.blocks) {
      for (const attr of inner.body.justAttributes().attributes) {
        const req = requirementOf(attr.name, jsonNodeValue(attr.node));
        if (req !== undefined) out.push(req);
      }
    }
  }
  return out;
}

const problemDiagnostic = (summary: string, detail: string): Diagnostic =>
  sourceless("error", summary, detail);

/** The registry dependencies of the module in `dir`. Throws ConfigReadError when it cannot be read. */
export function readModuleDependencies(dir: string): ModuleDependencies {
  const { module } = loadModuleDirectory(dir);
  const diagnostics: Diagnostic[] = module.diagnostics.filter((d) => d.severity === "error");
  const modules = [...module.moduleCalls.values()].map((call) =>
    moduleDependency(call.name, staticString(call.source?.expr), staticString(call.version?.expr)),
  );

  const raw: RawRequirement[] = [];
  for (const name of module.files) {
    const text = module.sources.get(name) ?? readFileSync(join(dir, name), "utf8");
    if (name.endsWith(".json")) raw.push(...jsonRequirements(text, name));
    else raw.push(...nativeRequirements(text, name, diagnostics));
  }
  const byAddress = new Map<string, { names: string[]; provider: Provider; versions: string[] }>();
  for (const req of raw) {
    let provider: Provider;
    try {
      provider = parseProviderSourceString(req.source ?? req.name);
    } catch (error) {
      const e = error as Error & { summary?: string; detail?: string };
      diagnostics.push(
        problemDiagnostic(e.summary ?? "Invalid provider source address", e.detail ?? e.message),
      );
      continue;
    }
    if (provider.isBuiltIn()) continue; // not eligible for dependency locking
    const key = provider.toString();
    const entry = byAddress.get(key) ?? { names: [], provider, versions: [] };
    if (!entry.names.includes(req.name)) entry.names.push(req.name);
    if (req.version !== undefined && req.version.trim() !== "") entry.versions.push(req.version);
    byAddress.set(key, entry);
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
  return { modules, providers, diagnostics, sources: module.sources };
}
