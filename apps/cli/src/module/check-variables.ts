// The final value of every root module variable, as OpenTofu computes it before a plan: the given
// value (or the default), optional-attribute defaults, conversion to the type constraint, the
// nullable rule, with OpenTofu's diagnostics for each way it can fail.
import { ConversionError, formatPath } from "@tofukit/convert";
import type { Value } from "@tofukit/cty";
import { type Diagnostic, formatRange } from "@tofukit/hcl";
import { rangeAtPath } from "./value-range.js";
import {
  type ConvertEarly,
  type ConvertedValue,
  collectValues,
  parseStringValue,
  type UnparsedValue,
  type VariableArg,
} from "./variable-values.js";
import {
  applyConstraint,
  isPrimitiveConstraint,
  readModuleVariables,
  type VariableDeclaration,
} from "./variables.js";

export interface CheckedVariable {
  readonly declaration: VariableDeclaration;
  /** The final value; undefined when it could not be computed. */
  readonly value: Value | undefined;
  /** Where the value came from: a file name, "-var", "TF_VAR_<name>" or "default". */
  readonly from: string;
}

/** A diagnostic; `subject` is absent for problems that belong to no file (a bad -var option). */
export interface CheckDiagnostic {
  readonly severity: "error" | "warning";
  readonly summary: string;
  readonly detail: string;
  readonly subject?: Diagnostic["subject"];
}

export interface CheckResult {
  /** False when the directory holds no .tf or .tf.json file. */
  readonly isModule: boolean;
  readonly variables: readonly CheckedVariable[];
  readonly diagnostics: readonly CheckDiagnostic[];
  readonly sources: ReadonlyMap<string, string>;
}

export interface CheckOptions {
  readonly dir: string;
  readonly args: readonly VariableArg[];
  readonly env: Readonly<Record<string, string | undefined>>;
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

/** The value converted early, or its conversion error thrown as applyConstraint would throw it. */
function convertedValue(result: ConvertedValue): Value {
  if ("error" in result) throw result.error;
  return result.value;
}

export function checkVariables(options: CheckOptions): CheckResult {
  const module = readModuleVariables(options.dir);
  const sources = module.sources;
  const diagnostics: CheckDiagnostic[] = [...module.diagnostics];
  // File values are put to their constraints as they are read (see readVarsFile); the outcome
  // is reported below, in the order of the declarations, as for any other value.
  const convertEarly: ConvertEarly = (name, value) => {
    const decl = module.variables.get(name);
    if (decl === undefined) return undefined;
    try {
      return { value: applyConstraint(value, decl.constraint) };
    } catch (error) {
      if (error instanceof ConversionError) return { error };
      throw error;
    }
  };
  const collected = collectValues(options.dir, options.args, options.env, sources, convertEarly);
  for (const item of collected.sourcelessDiagnostics) diagnostics.push(item);
  for (const item of collected.diagnostics) diagnostics.push(item);

  // Values for undeclared variables: a warning for files (two at most, then a summary), an error on
  // the command line, nothing for the environment.
  let undeclaredInFiles = 0;
  for (const [name, raw] of collected.values) {
    if (module.variables.has(name)) continue;
    if (raw.source.kind === "file") {
      undeclaredInFiles++;
      if (undeclaredInFiles <= 2) {
        diagnostics.push({
          severity: "warning",
          summary: "Value for undeclared variable",
          detail: `The root module does not declare a variable named "${name}" but a value was found in file "${raw.source.filename}". If you meant to use this value, add a "variable" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain "global" settings to all configurations in your organization.`,
        });
      }
    } else if (raw.source.kind === "cli") {
      diagnostics.push({
        severity: "error",
        summary: "Value for undeclared variable",
        detail: `A variable named "${name}" was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a "variable" block to the configuration.`,
      });
    }
  }
  if (undeclaredInFiles > 2) {
    diagnostics.push({
      severity: "warning",
      summary: "Values for undeclared variables",
      detail: `In addition to the other similar warnings shown, ${undeclaredInFiles - 2} other variable(s) defined without being declared.`,
    });
  }

  const variables: CheckedVariable[] = [];
  for (const decl of module.variables.values()) {
    const raw = collected.values.get(decl.name);
    const addr = `var.${decl.name}`;
    if (raw === undefined) {
      if (decl.defaultInvalid) {
        // Already reported where the default is written.
        variables.push({ declaration: decl, value: undefined, from: "default" });
        continue;
      }
      if (decl.defaultValue === undefined) {
        diagnostics.push({
          severity: "error",
          summary: "No value for required variable",
          detail: `The root module input variable "${decl.name}" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.`,
          subject: decl.declRange,
        });
        variables.push({ declaration: decl, value: undefined, from: "unset" });
        continue;
      }
      const value = decl.defaultValue;
      variables.push({ declaration: decl, value, from: "default" });
      continue;
    }
    let given: Value | null;
    if (raw.form === "string") {
      const parsed = parseStringValue(decl.name, raw.text, isPrimitiveConstraint(decl), sources);
      for (const item of parsed.diagnostics) diagnostics.push(item);
      given = parsed.value;
    } else {
      given = raw.form === "value" ? raw.value : null;
    }
    if (given === null && raw.form !== "converted") {
      variables.push({ declaration: decl, value: undefined, from: describeSource(raw, decl.name) });
      continue;
    }
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
        raw.form === "converted" ? convertedValue(raw.result) : applyConstraint(given!, decl.constraint);
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      const declared = formatRange(decl.declRange);
      let detail: string;
      if (nonFileSource !== undefined)
        detail = `Unsuitable value for ${addr} ${nonFileSource}: ${error.message}.`;
      else if (decl.sensitive) {
        detail = `The given value is not suitable for ${addr}, which is sensitive: ${error.message}. Invalid value defined at ${formatRange(valueRange())}.`;
      } else
        detail = `The given value is not suitable for ${addr} declared at ${declared}: ${error.message}.`;
      diagnostics.push({
        severity: "error",
        summary: "Invalid value for input variable",
        detail: detail + pathSentence(error, decl.name),
        // A sensitive value's own line is not shown, so its text cannot leak into the output.
        subject:
          nonFileSource !== undefined || decl.sensitive
            ? decl.declRange
            : raw.form !== "string" && raw.expr !== undefined
              ? rangeAtPath(raw.expr, error.path)
              : valueRange(),
      });
      variables.push({ declaration: decl, value: undefined, from: describeSource(raw, decl.name) });
      continue;
    }
    if (value.isNull && !decl.nullable) {
      if (decl.defaultValue !== undefined) {
        value = decl.defaultValue;
      } else {
        diagnostics.push({
          severity: "error",
          summary: "Required variable not set",
          detail:
            nonFileSource !== undefined
              ? `Unsuitable value for ${addr} ${nonFileSource}: required variable may not be set to null.`
              : `The given value is not suitable for ${addr} defined at ${formatRange(decl.declRange)}: required variable may not be set to null.`,
          subject: nonFileSource !== undefined ? decl.declRange : valueRange(),
        });
        variables.push({ declaration: decl, value: undefined, from: describeSource(raw, decl.name) });
        continue;
      }
    }
    variables.push({ declaration: decl, value, from: describeSource(raw, decl.name) });
  }
  return { isModule: module.files.length > 0, variables, diagnostics, sources };
}
