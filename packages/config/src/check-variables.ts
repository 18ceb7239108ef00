// The final value of every root module variable, as OpenTofu computes it before a plan, in its
// stages: declaration and file syntax errors stop everything; then values are parsed and
// required variables looked for (an error there stops too); then each value gets its defaults,
// its conversion and the nullable rule; then the validation rules of every variable with a value.

import { ConversionError, formatPath } from "@tofukit/convert";
import type { FunctionTable, Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, errorDiag, formatRange, hasErrors, sourceless, warningDiag } from "@tofukit/hcl";
import { convertDefault } from "./decode-variable.js";
import type { LoadedModule } from "./load-module.js";
import { type RuleCounts, validateVariables } from "./validate-variables.js";
import type { ValidationOptions } from "./validation-options.js";
import { rangeAtPath } from "./value-range.js";
import type { Range, VariableDeclaration } from "./variable-declaration.js";
import {
  type ConvertEarly,
  type ConvertedValue,
  type GatherOptions,
  gatherValues,
  parseStringValue,
  type UnparsedValue,
} from "./variable-values.js";

export interface CheckedVariable {
  readonly declaration: VariableDeclaration;
  /** The final value; undefined when it could not be computed. */
  readonly value: Value | undefined;
  /**
   * Where the value came from: a file name, "-var", "TF_VAR_<name>", "default" or "unset"; for a
   * called module's variable, "module call".
   */
  readonly from: string;
  /** The argument that set a called module's variable: where its failed rules point. */
  readonly expression?: Range;
}

/** How far the check got: OpenTofu stops at the first stage with errors. */
export type CheckStage = "declarations" | "values" | "conversion" | "validation";

export interface CheckResult {
  readonly variables: readonly CheckedVariable[];
  readonly diagnostics: readonly Diagnostic[];
  /** The text of every file read (configuration, variable files, -var values), for snippets. */
  readonly sources: ReadonlyMap<string, string>;
  /** The last stage that ran. */
  readonly stage: CheckStage;
  /** How many validation rules ran, and why the others did not. */
  readonly rules: RuleCounts;
}

export interface CheckOptions extends GatherOptions, ValidationOptions {
  /** Run the `validation` rules (default true). */
  readonly validation?: boolean;
}

function describeSource(raw: UnparsedValue, name: string): string {
  switch (raw.source.kind) {
    case "file":
      return raw.source.filename;
    case "cli":
      return "-var";
    case "env":
      return `TF_VAR_${name}`;
  }
}

/** The extra sentence tofukit adds where OpenTofu's message does not say where in the value it failed. */
function pathSentence(error: ConversionError, name: string): string {
  return error.path.length === 0 ? "" : `\n\nThe problem is at var.${name}${formatPath(error.path)}.`;
}

/** The value converted early, or its conversion error thrown as convertDefault would throw it. */
function convertedValue(result: ConvertedValue): Value {
  if ("error" in result) throw result.error;
  return result.value;
}

/**
 * The same as checkVariables, with the function table the rules call made by `functions`
 * (called at most once, and only if a rule runs) unless `options.functionTable` is given. It
 * does not import the function library, so a bundle that uses only this loads the library
 * only when it needs it.
 */
export function checkVariablesWith(
  module: LoadedModule,
  options: CheckOptions,
  functions: () => FunctionTable,
): CheckResult {
  const sources = new Map(module.sources);
  const diagnostics: Diagnostic[] = [...module.diagnostics];
  // File values are put to their constraints as they are read; the outcome is reported below,
  // in the order of the declarations, as for any other value.
  const convertEarly: ConvertEarly = (name, value) => {
    const decl = module.variables.get(name);
    if (decl === undefined) return undefined;
    try {
      return { value: convertDefault(value, decl.constraint) };
    } catch (error) {
      if (error instanceof ConversionError) return { error };
      throw error;
    }
  };
  const gathered = gatherValues(options, convertEarly);
  for (const [name, text] of gathered.sources) sources.set(name, text);
  for (const item of gathered.sourcelessDiagnostics) diagnostics.push(item);
  for (const item of gathered.diagnostics) diagnostics.push(item);
  const allRules = [...module.variables.values()].reduce((n, d) => n + d.validations.length, 0);
  // Rules never reached because an earlier stage stopped the check.
  const noRules: RuleCounts = { run: 0, undecided: 0, skipped: 0, blocked: allRules };
  const unchecked = (): CheckedVariable[] =>
    [...module.variables.values()].map((declaration) => {
      const raw = gathered.values.get(declaration.name);
      return {
        declaration,
        value: undefined,
        from:
          raw === undefined
            ? declaration.defaultValue === undefined
              ? "unset"
              : "default"
            : describeSource(raw, declaration.name),
      };
    });
  if (hasErrors(diagnostics)) {
    return { variables: unchecked(), diagnostics, sources, stage: "declarations", rules: noRules };
  }

  // Values for undeclared variables: a warning for files (two at most, then a summary), an error on
  // the command line, nothing for the environment.
  let undeclaredInFiles = 0;
  for (const [name, raw] of gathered.values) {
    if (module.variables.has(name)) continue;
    if (raw.source.kind === "file") {
      undeclaredInFiles++;
      if (undeclaredInFiles <= 2) {
        diagnostics.push(
          sourceless(
            "warning",
            "Value for undeclared variable",
            `The root module does not declare a variable named "${name}" but a value was found in file "${raw.source.filename}". If you meant to use this value, add a "variable" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain "global" settings to all configurations in your organization.`,
          ),
        );
      }
    } else if (raw.source.kind === "cli") {
      diagnostics.push(
        sourceless(
          "error",
          "Value for undeclared variable",
          `A variable named "${name}" was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a "variable" block to the configuration.`,
        ),
      );
    }
  }
  if (undeclaredInFiles > 2) {
    diagnostics.push(
      sourceless(
        "warning",
        "Values for undeclared variables",
        `In addition to the other similar warnings shown, ${undeclaredInFiles - 2} other variable(s) defined without being declared.`,
      ),
    );
  }

  // Values given as text are parsed in their variable's mode; a required variable must have a value.
  const given = new Map<string, Value | "converted">();
  for (const decl of module.variables.values()) {
    const raw = gathered.values.get(decl.name);
    if (raw === undefined) {
      if (decl.defaultValue === undefined && !decl.defaultInvalid) {
        diagnostics.push(
          errorDiag(
            "No value for required variable",
            `The root module input variable "${decl.name}" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.`,
            decl.declRange,
          ),
        );
      }
      continue;
    }
    if (raw.form === "string") {
      const parsed = parseStringValue(decl.name, raw.text, decl.parsingMode, sources);
      for (const item of parsed.diagnostics) diagnostics.push(item);
      if (parsed.value !== null) given.set(decl.name, parsed.value);
    } else given.set(decl.name, raw.form === "value" ? raw.value : "converted");
  }
  if (hasErrors(diagnostics)) {
    return { variables: unchecked(), diagnostics, sources, stage: "values", rules: noRules };
  }

  // A value given for a deprecated variable, by any means but its default.
  for (const decl of module.variables.values()) {
    if (decl.deprecated !== undefined && gathered.values.has(decl.name)) {
      diagnostics.push(
        warningDiag(
          "Deprecated variable used from the root module",
          `The root variable ${goQuote(decl.name)} is deprecated with the following message: ${decl.deprecated}`,
          decl.declRange,
        ),
      );
    }
  }

  const variables: CheckedVariable[] = [];
  for (const decl of module.variables.values()) {
    const raw = gathered.values.get(decl.name);
    const addr = `var.${decl.name}`;
    if (raw === undefined) {
      variables.push({ declaration: decl, value: decl.defaultValue, from: "default" });
      continue;
    }
    const from = describeSource(raw, decl.name);
    const value0 = given.get(decl.name)!;
    const nonFileSource =
      raw.source.kind === "cli"
        ? `set using -var="${decl.name}=..."`
        : raw.source.kind === "env"
          ? `set using the TF_VAR_${decl.name} environment variable`
          : undefined;
    // Only diagnostics need it, and finding a position in a large file has a cost.
    const valueRange = () => (raw.form !== "string" ? raw.range : decl.declRange);
    let value: Value;
    try {
      value =
        raw.form === "converted"
          ? convertedValue(raw.result)
          : convertDefault(value0 as Value, decl.constraint);
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      const declared = formatRange(decl.declRange);
      let detail: string;
      if (nonFileSource !== undefined)
        detail = `Unsuitable value for ${addr} ${nonFileSource}: ${error.message}.`;
      else if (decl.ephemeral) {
        detail = `The given value is not suitable for ${addr}, which is ephemeral: ${error.message}. Invalid value defined at ${formatRange(valueRange())}.`;
      } else if (decl.sensitive) {
        detail = `The given value is not suitable for ${addr}, which is sensitive: ${error.message}. Invalid value defined at ${formatRange(valueRange())}.`;
      } else
        detail = `The given value is not suitable for ${addr} declared at ${declared}: ${error.message}.`;
      diagnostics.push(
        errorDiag(
          "Invalid value for input variable",
          detail + pathSentence(error, decl.name),
          // A sensitive value's own line is not shown, so its text cannot leak into the output.
          nonFileSource !== undefined || decl.sensitive || decl.ephemeral
            ? decl.declRange
            : raw.form !== "string" && raw.expr !== undefined
              ? rangeAtPath(raw.expr, error.path)
              : valueRange(),
        ),
      );
      variables.push({ declaration: decl, value: undefined, from });
      continue;
    }
    if (value.isNull && !decl.nullable) {
      if (decl.defaultValue !== undefined) {
        value = decl.defaultValue;
      } else {
        diagnostics.push(
          errorDiag(
            "Required variable not set",
            nonFileSource !== undefined
              ? `Unsuitable value for ${addr} ${nonFileSource}: required variable may not be set to null.`
              : `The given value is not suitable for ${addr} defined at ${formatRange(decl.declRange)}: required variable may not be set to null.`,
            nonFileSource !== undefined ? decl.declRange : valueRange(),
          ),
        );
        variables.push({ declaration: decl, value: undefined, from });
        continue;
      }
    }
    variables.push({ declaration: decl, value, from });
  }

  if (options.validation === false) {
    return {
      variables,
      diagnostics,
      sources,
      stage: "conversion",
      rules: { run: 0, undecided: 0, skipped: allRules, blocked: 0 },
    };
  }
  const table = options.functionTable;
  const validated = validateVariables(variables, options, table === undefined ? functions : () => table);
  for (const item of validated.diagnostics) diagnostics.push(item);
  return { variables, diagnostics, sources, stage: "validation", rules: validated.rules };
}
