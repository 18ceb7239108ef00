// `tofukit convert --type EXPR --value HCL`: a value through a type constraint, as OpenTofu
// does for an input variable: defaults, then conversion; `tofu console` rendering or the error.
import { resolve } from "node:path";
import { ConversionError, convertWithDefaults, formatPath } from "@tofukit/convert";
import { consoleString, typeToJSON, type Value, valueToJSON } from "@tofukit/cty";
import {
  type Diagnostic,
  diagnosticToJSON,
  evaluateExpression,
  limitDiagnostics,
  parseExpression,
  parseJSONValue,
  sourceless,
} from "@tofukit/hcl";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { FileReadError, readText } from "../module/read-text.js";
import { RawJSON, stringifyJSON } from "../render/json-output.js";
import { writeDiagnostics } from "../render/problem.js";
import { parseConstraintOrReport } from "./type.js";

interface ConvertOptions {
  readonly type: string;
  readonly value?: string | undefined;
  readonly file?: string | undefined;
  readonly json: boolean;
}

function readValue(options: ConvertOptions, io: CommandIO, sources: Map<string, string>) {
  if (options.file !== undefined) {
    let text: string;
    try {
      text = readText(resolve(io.cwd, options.file));
    } catch (error) {
      if (!(error instanceof FileReadError)) throw error;
      const reason = error.reason === "the file does not exist" ? "no such file" : error.reason;
      throw new UsageError(`Cannot read ${options.file}: ${reason}.`);
    }
    sources.set(options.file, text);
    if (options.file.endsWith(".json")) {
      const { value, diagnostics } = parseJSONValue(text, options.file);
      return { value, diagnostics };
    }
    return evaluate(text, options.file);
  }
  const filename = "<value>";
  sources.set(filename, options.value ?? "");
  return evaluate(options.value ?? "", filename);
}

function evaluate(
  text: string,
  filename: string,
): { value: Value | null; diagnostics: readonly Diagnostic[] } {
  const parsed = parseExpression(text, filename);
  if (parsed.diagnostics.some((d) => d.severity === "error"))
    return { value: null, diagnostics: parsed.diagnostics };
  const evaluated = evaluateExpression(parsed.expr);
  const failed = evaluated.diagnostics.some((d) => d.severity === "error");
  return { value: failed ? null : evaluated.value, diagnostics: evaluated.diagnostics };
}

export function runConvert(options: ConvertOptions, io: CommandIO): number {
  if ((options.value === undefined) === (options.file === undefined)) {
    throw new UsageError("Give the value with exactly one of --value HCL or --file FILE.");
  }
  const constraint = parseConstraintOrReport(options.type, io, options.json);
  if (constraint === null) return EXIT_INVALID;
  const sources = new Map<string, string>();
  const { value, diagnostics } = readValue(options, io, sources);
  if (value === null) {
    if (options.json) {
      io.stdout.write(`${stringifyJSON({ valid: false, diagnostics: diagnostics.map(diagnosticToJSON) })}\n`);
    } else {
      writeDiagnostics(io, limitDiagnostics(diagnostics), sources);
    }
    return EXIT_INVALID;
  }
  let result: Value;
  try {
    result = convertWithDefaults(value, constraint.type, constraint.defaults);
  } catch (error) {
    if (!(error instanceof ConversionError)) throw error;
    const where =
      error.path.length === 0 ? "" : `\n\nThe problem is at ${formatPath(error.path).replace(/^\./, "")}.`;
    const diag = sourceless(
      "error",
      "Unsuitable value for type constraint",
      `The given value is not suitable for ${options.type}: ${error.message}.${where}`,
    );
    if (options.json) {
      io.stdout.write(
        `${stringifyJSON({
          valid: false,
          error: error.message,
          path: formatPath(error.path),
          code: error.code,
          diagnostics: [diagnosticToJSON(diag)],
        })}\n`,
      );
    } else {
      writeDiagnostics(io, [diag], sources);
    }
    return EXIT_INVALID;
  }
  if (options.json) {
    io.stdout.write(
      `${stringifyJSON({
        valid: true,
        type: new RawJSON(JSON.stringify(typeToJSON(result.type))),
        value: new RawJSON(valueToJSON(result)),
        console: consoleString(result),
      })}\n`,
    );
  } else {
    io.stdout.write(`${consoleString(result)}\n`);
  }
  return EXIT_OK;
}
