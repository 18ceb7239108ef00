// `tofukit check [DIR]`: a module's input variables against the values given for them, offline.

import { resolve } from "node:path";
import {
  type CheckedVariable,
  type CheckResult,
  checkVariablesWith,
  type RuleCounts,
  ruleFunctionGroups,
  type VariableArg,
} from "@tofukit/config";
import {
  ConfigReadError,
  loadModuleDirectory,
  type ModuleDirectory,
  nodeFunctionOptions,
  readVariablesFile,
} from "@tofukit/config/node";
import type { FunctionTable } from "@tofukit/cty";
import {
  CtyError,
  containsMarked,
  typeToJSON,
  type Value,
  valueToJSON,
  writeConsoleString,
} from "@tofukit/cty";
import { diagnosticToJSON, limitDiagnostics } from "@tofukit/hcl";
import { typeString } from "@tofukit/typeexpr";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { BatchedWriter } from "../render/batched-writer.js";
import { RawJSON, StreamedString, writeJSONAnswer } from "../render/json-output.js";
import { writeDiagnostics } from "../render/problem.js";

/** A -var option, or a -var-file by the path given. */
export type CheckArg =
  | { readonly kind: "var"; readonly raw: string }
  | { readonly kind: "var-file"; readonly path: string };

export interface CheckCommandOptions {
  readonly dir: string;
  readonly args: readonly CheckArg[];
  readonly json: boolean;
  /** Skip the variables' validation rules (--no-validation). */
  readonly validation?: boolean;
  /** Check the modules the configuration calls (default true; --no-modules). */
  readonly modules?: boolean;
  /** Print only this variable's final value (`var.region`, `module.buckets.var.buckets`). */
  readonly show?: string;
  /** Download registry and remote modules that `tofu init` has not installed (--download). */
  readonly download?: boolean;
  /** Where downloaded modules are kept (--cache-dir). */
  readonly cacheDir?: string;
  /** Extra CA certificates (PEM) for what --download reaches (--ca). */
  readonly ca?: readonly string[];
}

export const SENSITIVE = "(sensitive value)";

export async function runCheck(options: CheckCommandOptions, io: CommandIO): Promise<number> {
  const dir = resolve(io.cwd, options.dir);
  let loaded: ModuleDirectory;
  try {
    loaded = loadModuleDirectory(dir);
  } catch (error) {
    if (!(error instanceof ConfigReadError)) throw error;
    throw new UsageError(error.message.replace(dir, options.dir));
  }
  if (loaded.module.files.length === 0) {
    throw new UsageError(
      `No OpenTofu configuration files (*.tf, *.tf.json, *.tofu, *.tofu.json) in ${options.dir}: give the directory of a module that declares variables.`,
      EXIT_INVALID,
    );
  }
  const args: VariableArg[] = options.args.map((arg) => {
    if (arg.kind === "var") return arg;
    try {
      return { kind: "var-file", file: readVariablesFile(arg.path, { cwd: io.cwd }) };
    } catch (error) {
      if (!(error instanceof ConfigReadError)) throw error;
      const why =
        error.code === "TOFUKIT_CONFIG_NOT_FOUND"
          ? `Given variables file ${arg.path} does not exist.`
          : `Given variables file ${arg.path} cannot be read: ${error.message.replace(`${error.path} `, "")}`;
      throw new UsageError(`Failed to read variables file: ${why}`);
    }
  });
  if (options.modules !== false && loaded.module.moduleCalls.size > 0) {
    const { runTreeCheck } = await import("./check-tree.js");
    return runTreeCheck(options, io, dir, loaded, args);
  }
  // The function library is a large part of the program: it is loaded only for a module with
  // rules, and only the groups of functions its rules call (a name it does not know, or a
  // template file, which may call anything, loads them all).
  const validation = options.validation !== false;
  const hasRules = [...loaded.module.variables.values()].some((v) => v.validations.length > 0);
  let functionTable: FunctionTable | undefined;
  if (validation && hasRules) {
    const { loadFunctions } = await import("@tofukit/functions");
    functionTable = await loadFunctions(ruleFunctionGroups(loaded.module), nodeFunctionOptions(dir));
  }
  const result = checkVariablesWith(
    loaded.module,
    {
      files: loaded.files,
      args,
      env: io.env,
      validation,
      ...(functionTable === undefined ? {} : { functionTable }),
    },
    // Only reached without the library when no rule runs.
    () => ({}),
  );
  const failed = result.diagnostics.some((d) => d.severity === "error");
  const skippedCalls = loaded.module.moduleCalls.size;
  if (options.show !== undefined) {
    const values = new Map(result.variables.map((v) => [`var.${v.declaration.name}`, v] as const));
    return showValue(options, io, result, values, () => {
      if (skippedCalls > 0)
        io.stderr.write(io.err.dim(`${plural(skippedCalls, "module call")} not checked (--no-modules).\n`));
    });
  }
  if (options.json) {
    writeJSONAnswer(io, checkJSON(result, !failed));
    return failed ? EXIT_INVALID : EXIT_OK;
  }
  writeDiagnostics(io, limitDiagnostics(result.diagnostics), result.sources);
  if (!failed) {
    writeRootValues(io, result.variables);
  }
  const count = result.variables.length;
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  // Nothing is left out without a word: module calls not followed, rules not run, and rules only
  // a plan can decide.
  if (skippedCalls > 0)
    io.stderr.write(io.err.dim(`${plural(skippedCalls, "module call")} not checked (--no-modules).\n`));
  writeRuleNotes(io, result.rules);
  const { run, undecided } = result.rules;
  const fits =
    run > 0
      ? `every value fits its type constraint and passes ${plural(run - undecided, "validation rule")}`
      : "every value fits its type constraint";
  io.stderr.write(
    failed
      ? io.err.red(`✘ ${plural(errors, "problem")} with ${plural(count, "variable")}.\n`)
      : io.err.green(`✔ ${plural(count, "variable")}: ${fits}.\n`),
  );
  return failed ? EXIT_INVALID : EXIT_OK;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The notes on rules that did not run or could not be decided. */
export function writeRuleNotes(io: CommandIO, rules: RuleCounts): void {
  const { undecided, skipped, blocked } = rules;
  if (skipped > 0)
    io.stderr.write(io.err.dim(`${plural(skipped, "validation rule")} not run (--no-validation).\n`));
  if (blocked > 0) {
    io.stderr.write(
      io.err.dim(
        `${plural(blocked, "validation rule")} not run: the values they check could not be computed.\n`,
      ),
    );
  }
  if (undecided > 0) {
    io.stderr.write(
      io.err.dim(
        `${plural(undecided, "validation rule")} could not be decided offline: they depend on values only a plan knows.\n`,
      ),
    );
  }
}

/**
 * `--show ADDRESS`: the diagnostics, then the variable's value alone on stdout (or, with --json,
 * its JSON entry); a usage error for an address that names no variable.
 */
export function showValue(
  options: CheckCommandOptions,
  io: CommandIO,
  result: { readonly diagnostics: CheckResult["diagnostics"]; readonly sources: CheckResult["sources"] },
  variables: ReadonlyMap<string, CheckedVariable>,
  notes: () => void,
): number {
  const address = options.show!;
  const v = variables.get(address);
  if (v === undefined) {
    const known = [...variables.keys()];
    throw new UsageError(
      `No variable ${address} in this configuration${known.length === 0 ? "" : `: its variables are ${known.slice(0, 10).join(", ")}${known.length > 10 ? ", …" : ""}`}.`,
    );
  }
  const failed = result.diagnostics.some((d) => d.severity === "error");
  if (options.json) {
    writeJSONAnswer(io, {
      valid: !failed,
      address,
      ...variableJSON(v),
      diagnostics: limitDiagnostics(result.diagnostics).map(diagnosticToJSON),
    });
    return failed ? EXIT_INVALID : EXIT_OK;
  }
  writeDiagnostics(io, limitDiagnostics(result.diagnostics), result.sources);
  notes();
  if (v.value !== undefined) {
    const out = new BatchedWriter((text) => io.stdout.write(text));
    out.write(`${io.out.bold(address)} = `);
    if (v.declaration.sensitive) out.write(SENSITIVE);
    else writeConsoleString(v.value, out.write);
    out.write("\n");
    out.flush();
  } else io.stderr.write(io.err.red(`✘ ${address} has no value: see the problems above.\n`));
  return failed ? EXIT_INVALID : EXIT_OK;
}

/**
 * `var.NAME = value` for each root variable with a value. Large values are written out as they
 * are rendered, never held as one string; the pieces go out in writes of 64 KiB, a pipe's usual
 * capacity (smaller writes make a pipe reader wake up too often).
 */
export function writeRootValues(io: CommandIO, variables: readonly CheckedVariable[]): void {
  const out = new BatchedWriter((text) => io.stdout.write(text));
  for (const v of variables) {
    if (v.value === undefined) continue;
    out.write(`${io.out.bold(`var.${v.declaration.name}`)} = `);
    if (v.declaration.sensitive) out.write(SENSITIVE);
    else writeConsoleString(v.value, out.write);
    out.write("\n");
  }
  out.flush();
}

/**
 * A value's cty JSON, or null and the reason where cty JSON has no encoding for it: an unknown
 * value (what is left of an expression with errors) or an infinity, as cty's json.Marshal
 * refuses them ("value is not known", "cannot serialize infinity as JSON").
 */
function valueJSON(value: Value): { value: RawJSON | null; valueError?: string } {
  try {
    return { value: new RawJSON(valueToJSON(value)) };
  } catch (error) {
    if (!(error instanceof CtyError)) throw error;
    return { value: null, valueError: error.message };
  }
}

/** A variable's entry in the --json output. */
export function variableJSON(v: CheckedVariable) {
  const d = v.declaration;
  const value = v.value;
  // A called module's value may hold a sensitive value of its caller's, at any depth: its JSON
  // would show it, so it is left out as a sensitive variable's is.
  const hidden = d.sensitive || (v.from === "module call" && value !== undefined && containsMarked(value));
  return {
    name: d.name,
    typeConstraint: typeString(d.constraint.type),
    type: value === undefined ? null : new RawJSON(JSON.stringify(typeToJSON(value.type))),
    ...(value !== undefined && !hidden ? valueJSON(value) : { value: null }),
    console:
      value === undefined
        ? null
        : d.sensitive
          ? SENSITIVE
          : new StreamedString((write) => writeConsoleString(value, write)),
    sensitive: hidden,
    nullable: d.nullable,
    from: v.from,
    ...(d.description === undefined ? {} : { description: d.description }),
  };
}

function checkJSON(result: CheckResult, valid: boolean) {
  return {
    valid,
    variables: result.variables.map(variableJSON),
    diagnostics: limitDiagnostics(result.diagnostics).map(diagnosticToJSON),
  };
}
