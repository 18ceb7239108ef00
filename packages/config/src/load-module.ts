// Loading a module's variable declarations from its files, as OpenTofu's configuration loader
// does: primary files in lexical order (a duplicate is an error), then override files merged
// into the declarations they name, argument by argument.

import { ConversionError } from "@tofukit/convert";
import type { Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, formatRange, parseConfig } from "@tofukit/hcl";
import { ANY, convertDefault, decodeVariableBlock } from "./decode-variable.js";
import { decodeJSONVariables } from "./decode-variable-json.js";
import type { DecodedVariable, Mutable } from "./decoded-variable.js";
import { type ConfigFileName, configFileNames, type ModuleFile } from "./module-file.js";
import type { Range, VariableDeclaration } from "./variable-declaration.js";

export interface LoadedModule {
  /** The declarations by name, in the order they are declared. */
  readonly variables: ReadonlyMap<string, VariableDeclaration>;
  readonly diagnostics: readonly Diagnostic[];
  /** The configuration files read, primary then override, by the names diagnostics use. */
  readonly files: readonly string[];
  /** The text of every file read, by name, for source snippets. */
  readonly sources: ReadonlyMap<string, string>;
}

function decodeFile(
  file: ModuleFile,
  kind: ConfigFileName,
  override: boolean,
  diags: Diagnostic[],
): DecodedVariable[] {
  if (kind.syntax === "json") return decodeJSONVariables(file.text, file.name, override, diags);
  const { body, diagnostics } = parseConfig(file.text, file.name);
  for (const item of diagnostics) diags.push(item);
  const out: DecodedVariable[] = [];
  for (const block of body.blocks) {
    if (block.type !== "variable") continue;
    const v = decodeVariableBlock(block, file.name, override, diags);
    if (v !== undefined) out.push(v);
  }
  return out;
}

function error(summary: string, detail: string, subject: Range): Diagnostic {
  return { severity: "error", summary, detail, subject };
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
  for (const kind of names.primary) {
    const file = byName.get(kind.name)!;
    sources.set(file.name, file.text);
    for (const v of decodeFile(file, kind, false, diags)) {
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
    for (const ov of decodeFile(file, kind, true, diags)) {
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
    diagnostics: diags,
    files: [...names.primary, ...names.override].map((f) => f.name),
    sources,
  };
}
