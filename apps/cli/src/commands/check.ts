// `tofukit check [DIR]`: a module's input variables against the values given for them, offline.
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { CtyError, typeToJSON, type Value, valueToJSON, writeConsoleString } from "@tofukit/cty";
import { typeString } from "@tofukit/typeexpr";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { type CheckResult, checkVariables } from "../module/check-variables.js";
import type { VariableArg } from "../module/variable-values.js";
import { renderDiagnostic } from "../render/diagnostic.js";
import { diagnosticJSON } from "../render/diagnostic-json.js";
import { limitDiagnostics } from "../render/diagnostic-limit.js";
import { RawJSON, StreamedString, writeJSON } from "../render/json-output.js";

export interface CheckCommandOptions {
  readonly dir: string;
  readonly args: readonly VariableArg[];
  readonly json: boolean;
}

export const SENSITIVE = "(sensitive value)";

export function runCheck(options: CheckCommandOptions, io: CommandIO): number {
  const dir = resolve(io.cwd, options.dir);
  if (!existsSync(dir)) throw new UsageError(`The directory ${options.dir} does not exist.`);
  if (!statSync(dir).isDirectory())
    throw new UsageError(`${options.dir} is not a directory: give the module's directory.`);
  const result = checkVariables({ dir, args: options.args, env: io.env });
  if (!result.isModule) {
    throw new UsageError(
      `No OpenTofu configuration files (*.tf, *.tf.json) in ${options.dir}: give the directory of a module that declares variables.`,
      EXIT_INVALID,
    );
  }
  const failed = result.diagnostics.some((d) => d.severity === "error");
  if (options.json) {
    // Written in pieces, as the human output is; the values' JSON texts are all made first, so
    // that nothing is written if one of them cannot be.
    const out = new BatchedWriter((text) => io.stdout.write(text));
    writeJSON(checkJSON(result, !failed), out.write);
    out.write("\n");
    out.flush();
    return failed ? EXIT_INVALID : EXIT_OK;
  }
  for (const d of limitDiagnostics(result.diagnostics))
    io.stderr.write(renderDiagnostic(d, result.sources, io.err));
  if (!failed) {
    // Large values are written out as they are rendered, never held as one string; the pieces
    // go out in writes of 64 KiB, a pipe's usual capacity (smaller writes make a pipe reader
    // wake up too often).
    const out = new BatchedWriter((text) => io.stdout.write(text));
    for (const v of result.variables) {
      if (v.value === undefined) continue;
      out.write(`${io.out.bold(`var.${v.declaration.name}`)} = `);
      if (v.declaration.sensitive) out.write(SENSITIVE);
      else writeConsoleString(v.value, out.write);
      out.write("\n");
    }
    out.flush();
  }
  const count = result.variables.length;
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  io.stderr.write(
    failed
      ? io.err.red(
          `✘ ${errors} problem${errors === 1 ? "" : "s"} with ${count} variable${count === 1 ? "" : "s"}.\n`,
        )
      : io.err.green(`✔ ${count} variable${count === 1 ? "" : "s"}: every value fits its type constraint.\n`),
  );
  return failed ? EXIT_INVALID : EXIT_OK;
}

/**
 * Collects text and hands it on in pieces of about BATCH_SIZE characters. A piece stays below
 * the size V8 allocates apart, in fresh pages of its own (128 KiB): those pages cost a page fault
 * each to touch, several milliseconds per megabyte; small pieces reuse memory that is already in
 * place.
 */
class BatchedWriter {
  static readonly BATCH_SIZE = 1 << 16;
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly sink: (text: string) => void) {}

  readonly write = (text: string): void => {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= BatchedWriter.BATCH_SIZE) this.flush();
  };

  flush(): void {
    if (this.parts.length === 0) return;
    this.sink(this.parts.join(""));
    this.parts = [];
    this.size = 0;
  }
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

function checkJSON(result: CheckResult, valid: boolean) {
  return {
    valid,
    variables: result.variables.map((v) => {
      const d = v.declaration;
      const value = v.value;
      return {
        name: d.name,
        typeConstraint: typeString(d.constraint.type),
        type: value === undefined ? null : new RawJSON(JSON.stringify(typeToJSON(value.type))),
        ...(value !== undefined && !d.sensitive ? valueJSON(value) : { value: null }),
        console:
          value === undefined
            ? null
            : d.sensitive
              ? SENSITIVE
              : new StreamedString((write) => writeConsoleString(value, write)),
        sensitive: d.sensitive,
        nullable: d.nullable,
        from: v.from,
        ...(d.description === undefined ? {} : { description: d.description }),
      };
    }),
    diagnostics: limitDiagnostics(result.diagnostics).map(diagnosticJSON),
  };
}
