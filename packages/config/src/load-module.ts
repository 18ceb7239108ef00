// Loading a module's variable declarations from its files, as OpenTofu's configuration loader
// does: primary files in lexical order (a duplicate is an error), then override files merged
// into the declarations they name, argument by argument.

import { ConversionError } from "@tofukit/convert";
import type { Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, errorDiag, formatRange, parseConfig, parseJSONFile } from "@tofukit/hcl";
import { type ConfigBlock, jsonBlock, nativeBlock } from "./config-body.js";
import { decodeLocalsBlock, type LocalValue } from "./decode-locals.js";
import { decodeModuleBlock, MODULE_BLOCK_TYPES, type ModuleCall } from "./decode-module-call.js";
import { ANY, convertDefault, decodeVariableBlock, VARIABLE_BLOCK_TYPES } from "./decode-variable.js";
import type { DecodedVariable, Mutable } from "./decoded-variable.js";
import { type ConfigFileName, configFileNames, type ModuleFile } from "./module-file.js";
import type { Range, VariableDeclaration } from "./variable-declaration.js";

export interface LoadedModule {
  /** The declarations by name, in the order they are declared. */
  readonly variables: ReadonlyMap<string, VariableDeclaration>;
  /** The local values by name, in the order they are defined. */
  readonly locals: ReadonlyMap<string, LocalValue>;
  /** The `module` blocks by name, in the order they are written. */
  readonly moduleCalls: ReadonlyMap<string, ModuleCall>;
  readonly diagnostics: readonly Diagnostic[];
  /** The configuration files read, primary then override, by the names diagnostics use. */
  readonly files: readonly string[];
  /** The text of every file read, by name, for source snippets. */
  readonly sources: ReadonlyMap<string, string>;
}

interface DecodedFile {
  readonly variables: DecodedVariable[];
  readonly locals: LocalValue[];
  readonly moduleCalls: ModuleCall[];
}

/** The top-level block types read here, for reading JSON files (others are left alone). */
const FILE_BLOCK_TYPES = [
  { type: "variable", labelNames: ["name"] },
  { type: "module", labelNames: ["name"] },
  { type: "locals" },
];

/** The declarations of one file; its blocks decoded alike for both syntaxes. */
function decodeFile(
  file: ModuleFile,
  kind: ConfigFileName,
  override: boolean,
  diags: Diagnostic[],
): DecodedFile {
  const out: DecodedFile = { variables: [], locals: [], moduleCalls: [] };
  const variableBlocks: ConfigBlock[] = [];
  const moduleBlocks: ConfigBlock[] = [];
  const localsBlocks: ConfigBlock[] = [];
  if (kind.syntax === "json") {
    const { body, diagnostics } = parseJSONFile(file.text, file.name);
    for (const item of diagnostics) diags.push(item);
    const content = body.partialContent({ attributes: [], blocks: FILE_BLOCK_TYPES });
    for (const item of content.diagnostics) diags.push(item);
    for (const block of content.blocks) {
      if (block.type === "variable") variableBlocks.push(jsonBlock(block, VARIABLE_BLOCK_TYPES));
      else if (block.type === "module") moduleBlocks.push(jsonBlock(block, MODULE_BLOCK_TYPES));
      else localsBlocks.push(jsonBlock(block, []));
    }
  } else {
    const { body, diagnostics } = parseConfig(file.text, file.name);
    for (const item of diagnostics) diags.push(item);
    for (const block of body.blocks) {
      if (block.type === "variable") variableBlocks.push(nativeBlock(block));
      else if (block.type === "module") moduleBlocks.push(nativeBlock(block));
      else if (block.type === "locals") localsBlocks.push(nativeBlock(block));
    }
  }
  for (const block of variableBlocks) {
    const v = decodeVariableBlock(block, override, diags);
    if (v !== undefined) out.variables.push(v);
  }
  for (const block of localsBlocks) out.locals.push(...decodeLocalsBlock(block, diags));
  for (const block of moduleBlocks) {
    const call = decodeModuleBlock(block, override, diags);
    if (call !== undefined) out.moduleCalls.push(call);
  }
  return out;
}

/** mergeModuleCall: the override's meta-arguments replace the base's, its arguments replace by name. */
function mergeModuleCall(base: ModuleCall, ov: ModuleCall): ModuleCall {
  const names = new Set(ov.arguments.map((a) => a.name));
  return {
    ...base,
    source: ov.source ?? base.source,
    version: ov.version ?? base.version,
    count: ov.count ?? base.count,
    forEach: ov.forEach ?? base.forEach,
    enabled: ov.enabled ?? base.enabled,
    dependsOn: ov.dependsOn ?? base.dependsOn,
    providers: ov.providers ?? base.providers,
    arguments: [...base.arguments.filter((a) => !names.has(a.name)), ...ov.arguments],
  };
}

function error(summary: string, detail: string, subject: Range): Diagnostic {
  return errorDiag(summary, detail, subject);
}

/** Variable.merge: what the override sets replaces the base's, then the default is checked again. */
function merge(base: DecodedVariable, ov: DecodedVariable, diags: Diagnostic[]): DecodedVariable {
  const v: Mutable<DecodedVariable> = { ...base };
  if (ov.description !== undefined) v.description = ov.description;
  if (ov.sensitive !== undefined) v.sensitive = ov.sensitive;
  if (ov.deprecated !== undefined) v.deprecated = ov.deprecated;
  if (ov.ephemeral !== undefined) v.ephemeral = ov.ephemeral;
  if (ov.default !== undefined) v.default = ov.default;
  if (ov.type !== undefined) v.type = ov.type;
  if (ov.nullable !== undefined) v.nullable = ov.nullable;
  const def = v.default;
  if (def !== undefined && !def.invalid && v.type !== undefined) {
    try {
      v.default = { value: convertDefault(def.value, v.type.constraint), invalid: false };
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      const detail =
        ov.type !== undefined && ov.default === undefined
          ? `Overriding this variable's type constraint has made its default value invalid: ${e.formatted}.`
          : ov.type === undefined && ov.default !== undefined
            ? `The overridden default value for this variable is not compatible with the variable's type constraint: ${e.formatted}.`
            : `This variable's default value is not compatible with its type constraint: ${e.formatted}.`;
      diags.push(error("Invalid default value for variable", detail, ov.declRange));
      v.default = { value: def.value, invalid: true };
    }
    if (v.nullable === false && v.default.value.isNull) {
      diags.push(
        error(
          "Invalid default value for variable",
          "A null default value is not valid when nullable=false.",
          ov.declRange,
        ),
      );
    }
  }
  return v;
}

function declaration(v: DecodedVariable): VariableDeclaration {
  const def: Value | undefined = v.default?.invalid ? undefined : v.default?.value;
  return {
    name: v.name,
    constraint: v.type?.constraint ?? ANY,
    hasType: v.type?.given ?? false,
    parsingMode: v.type?.parsingMode ?? "literal",
    defaultValue: def,
    defaultInvalid: v.default?.invalid ?? false,
    description: v.description,
    nullable: v.nullable ?? true,
    sensitive: v.sensitive ?? false,
    ephemeral: v.ephemeral ?? false,
    deprecated: v.deprecated,
    validations: v.validations,
    declRange: v.declRange,
  };
}

/**
 * Loads the variable declarations of a module given as its files. Files that are not
 * configuration files (`.tfvars`, a README, …) are left alone, so a whole directory may be passed.
 */
export function loadModule(files: readonly ModuleFile[]): LoadedModule {
  const byName = new Map(files.map((f) => [f.name, f]));
  const names = configFileNames(byName.keys());
  const diags: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const variables = new Map<string, DecodedVariable>();
  const locals = new Map<string, LocalValue>();
  const moduleCalls = new Map<string, ModuleCall>();
  for (const kind of names.primary) {
    const file = byName.get(kind.name)!;
    sources.set(file.name, file.text);
    const decoded = decodeFile(file, kind, false, diags);
    for (const local of decoded.locals) {
      const existing = locals.get(local.name);
      if (existing !== undefined) {
        diags.push(
          error(
            "Duplicate local value definition",
            `A local value named ${JSON.stringify(local.name)} was already defined at ${formatRange(existing.declRange)}. Local value names must be unique within a module.`,
            local.declRange,
          ),
        );
        continue;
      }
      locals.set(local.name, local);
    }
    for (const call of decoded.moduleCalls) {
      const existing = moduleCalls.get(call.name);
      if (existing !== undefined) {
        diags.push(
          error(
            "Duplicate module call",
            `A module call named ${JSON.stringify(call.name)} was already defined at ${formatRange(existing.declRange)}. Module calls must have unique names within a module.`,
            call.declRange,
          ),
        );
        continue;
      }
      moduleCalls.set(call.name, call);
    }
    for (const v of decoded.variables) {
      const existing = variables.get(v.name);
      if (existing !== undefined) {
        diags.push(
          error(
            "Duplicate variable declaration",
            `A variable named ${goQuote(v.name)} was already declared at ${formatRange(existing.declRange)}. Variable names must be unique within a module.`,
            v.declRange,
          ),
        );
        // As OpenTofu, the later declaration takes the name (the check stops on the error anyway).
        variables.delete(v.name);
      }
      variables.set(v.name, v);
    }
  }
  for (const kind of names.override) {
    const file = byName.get(kind.name)!;
    sources.set(file.name, file.text);
    const decoded = decodeFile(file, kind, true, diags);
    for (const local of decoded.locals) {
      if (!locals.has(local.name)) {
        diags.push(
          error(
            "Missing base local value definition to override",
            `There is no local value named ${JSON.stringify(local.name)}. An override file can only override a local value that was already defined in a primary configuration file.`,
            local.declRange,
          ),
        );
      } else locals.set(local.name, local);
    }
    for (const call of decoded.moduleCalls) {
      const base = moduleCalls.get(call.name);
      if (base === undefined) {
        diags.push(
          error(
            "Missing module call to override",
            `There is no module call named ${JSON.stringify(call.name)}. An override file can only override a module call that was defined in a primary configuration file.`,
            call.declRange,
          ),
        );
      } else moduleCalls.set(call.name, mergeModuleCall(base, call));
    }
    for (const ov of decoded.variables) {
      const base = variables.get(ov.name);
      if (base === undefined) {
        diags.push(
          error(
            "Missing base variable declaration to override",
            `There is no variable named ${goQuote(ov.name)}. An override file can only override a variable that was already declared in a primary configuration file.`,
            ov.declRange,
          ),
        );
        continue;
      }
      variables.set(ov.name, merge(base, ov, diags));
    }
  }
  const declarations = new Map<string, VariableDeclaration>();
  for (const [name, v] of variables) declarations.set(name, declaration(v));
  return {
    variables: declarations,
    locals,
    moduleCalls,
    diagnostics: diags,
    files: [...names.primary, ...names.override].map((f) => f.name),
    sources,
  };
}
