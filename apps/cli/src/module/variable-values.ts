// Where root module variable values come from, in OpenTofu's precedence (later wins):
// TF_VAR_* environment variables, terraform.tfvars, terraform.tfvars.json, *.auto.tfvars(.json)
// in lexical order, then -var and -var-file in the order they were given.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ConversionError } from "@tofukit/convert";
import { nullVal, stringVal, t, type Value } from "@tofukit/cty";
import {
  type Diagnostic,
  type Expression,
  evaluateExpression,
  forEachLiteralAttribute,
  parseConfig,
  parseExpression,
  parseJSONValue,
} from "@tofukit/hcl";
import { FileReadError, readText } from "./read-text.js";

type Range = Diagnostic["subject"];

/** How a value was given, which decides how it is parsed and how errors name it. */
export type ValueSource =
  | { readonly kind: "file"; readonly filename: string; readonly auto: boolean }
  | { readonly kind: "cli" }
  | { readonly kind: "env" };

/** A value as given, before the variable's parsing mode and type constraint apply. */
export type UnparsedValue =
  | {
      readonly form: "value";
      readonly value: Value;
      readonly range: Range;
      /** The expression it was written as, where it came from HCL native syntax. */
      readonly expr?: Expression;
      readonly source: ValueSource;
    }
  | {
      /** A file value already put to its variable's type constraint as the file was read. */
      readonly form: "converted";
      readonly result: ConvertedValue;
      readonly range: Range;
      readonly expr?: Expression;
      readonly source: ValueSource;
    }
  | { readonly form: "string"; readonly text: string; readonly source: ValueSource };

/** A value with its variable's type constraint applied: the final value, or why there is none. */
export type ConvertedValue = { readonly value: Value } | { readonly error: ConversionError };

/**
 * Puts the value of a file attribute named `name` to the constraint of the variable of that
 * name; undefined when no variable has that name.
 */
export type ConvertEarly = (name: string, value: Value) => ConvertedValue | undefined;

export type VariableArg =
  | { readonly kind: "var"; readonly raw: string }
  | { readonly kind: "var-file"; readonly path: string };

export interface CollectedValues {
  readonly values: Map<string, UnparsedValue>;
  readonly diagnostics: Diagnostic[];
  readonly sourcelessDiagnostics: { severity: "error" | "warning"; summary: string; detail: string }[];
}

function fileRange(filename: string): Range {
  return { filename, start: { line: 1, column: 1, byte: 0 }, end: { line: 1, column: 1, byte: 0 } };
}

/** What stands in a JSON document's root object for a value converted as it was read. */
const CONVERTED = nullVal(t.dynamic);

/** An attribute of a literal file, its value as read or as converted. */
interface ReadAttribute {
  readonly name: string;
  readonly valueStart: number;
  readonly valueEnd: number;
  readonly value:
    | { readonly form: "value"; readonly value: Value }
    | { readonly form: "converted"; readonly result: ConvertedValue };
}

/**
 * Reads one .tfvars or .tfvars.json file into `into` (later files override earlier ones). With
 * `convertEarly`, the values of a JSON file or of a file of literal values are put to their
 * variables' constraints one by one as they are read: a large value as read is then garbage
 * before the next one is read. (Other files are evaluated through a syntax tree, which holds
 * the whole file anyway.)
 */
export function readVarsFile(
  path: string,
  displayName: string,
  auto: boolean,
  into: Map<string, UnparsedValue>,
  diags: Diagnostic[],
  sources: Map<string, string>,
  convertEarly?: ConvertEarly,
): void {
  const src = readText(path);
  sources.set(displayName, src);
  const source: ValueSource = { kind: "file", filename: displayName, auto };
  if (displayName.endsWith(".json")) {
    // Values converted as they are read leave a stand-in in the document's root object.
    const converted = new Map<string, ConvertedValue>();
    const { value, diagnostics } = parseJSONValue(
      src,
      displayName,
      convertEarly === undefined
        ? {}
        : {
            rootProperty: (name, v) => {
              const result = convertEarly(name, v);
              if (result === undefined) return v;
              converted.set(name, result);
              return CONVERTED;
            },
          },
    );
    for (const item of diagnostics) diags.push(item);
    if (value === null) return;
    if (value.type.kind !== "object") {
      diags.push({
        severity: "error",
        summary: "Invalid variable definitions file",
        detail: "The root value in a JSON-based variable definitions file must be an object.",
        subject: fileRange(displayName),
      });
      return;
    }
    for (const [name, v] of value.attributes()) {
      const result = converted.get(name);
      const range = fileRange(displayName);
      if (result === undefined) into.set(name, { form: "value", value: v, range, source });
      else into.set(name, { form: "converted", result, range, source });
    }
    return;
  }
  // Most files hold literal values only: those are read without building a syntax tree. The tree
  // is built only if a diagnostic needs to point inside a value.
  // Kept aside until the whole file is known to be literal; a value converted early is not kept.
  const read: ReadAttribute[] = [];
  const literal = forEachLiteralAttribute(src, displayName, (attr) => {
    const converted = convertEarly?.(attr.name, attr.value);
    read.push({
      name: attr.name,
      valueStart: attr.valueStart,
      valueEnd: attr.valueEnd,
      value:
        converted === undefined
          ? { form: "value", value: attr.value }
          : { form: "converted", result: converted },
    });
  });
  if (literal !== null) {
    let tree: Map<string, Expression> | undefined;
    const exprOf = (name: string): Expression => {
      if (tree === undefined) {
        tree = new Map();
        for (const attr of parseConfig(src, displayName).body.attributes) tree.set(attr.name, attr.expr);
      }
      const expr = tree.get(name);
      // The reader only accepts files the parser reads without error, attribute for attribute.
      if (expr === undefined) throw new Error(`the syntax tree of ${displayName} has no attribute ${name}`);
      return expr;
    };
    for (const attr of read) {
      into.set(attr.name, {
        ...attr.value,
        get range() {
          return literal.range(attr.valueStart, attr.valueEnd);
        },
        get expr() {
          return exprOf(attr.name);
        },
        source,
      });
    }
    return;
  }
  read.length = 0;
  const { body, diagnostics } = parseConfig(src, displayName);
  for (const item of diagnostics) diags.push(item);
  for (const block of body.blocks) {
    const name = block.labels[0] ?? block.type;
    diags.push(
      block.type === "variable"
        ? {
            severity: "error",
            summary: "Variable declaration in .tfvars file",
            detail: `A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. To declare variable "${name}", place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this variable in ${displayName}, use the definition syntax instead:\n    ${name} = <value>`,
            subject: block.typeRange,
          }
        : {
            severity: "error",
            summary: `Unexpected "${block.type}" block`,
            detail: "Blocks are not allowed here.",
            subject: block.typeRange,
          },
    );
  }
  for (const attr of body.attributes) {
    const { value, diagnostics: evalDiags } = evaluateExpression(attr.expr);
    for (const item of evalDiags) diags.push(item);
    if (evalDiags.some((d) => d.severity === "error")) continue;
    into.set(attr.name, { form: "value", value, range: attr.expr.range, expr: attr.expr, source });
  }
}

/** The implicit files of a module directory, in the order OpenTofu loads them. */
export function implicitVarsFiles(dir: string): string[] {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const auto = names.filter((n) => n.endsWith(".auto.tfvars") || n.endsWith(".auto.tfvars.json")).sort();
  return [
    ...["terraform.tfvars", "terraform.tfvars.json"].filter((n) => names.includes(n)),
    ...auto.filter((n) => statSync(join(dir, n), { throwIfNoEntry: false })?.isFile() === true),
  ];
}

export function collectValues(
  dir: string,
  args: readonly VariableArg[],
  env: Readonly<Record<string, string | undefined>>,
  sources: Map<string, string>,
  convertEarly?: ConvertEarly,
): CollectedValues {
  const values = new Map<string, UnparsedValue>();
  const diagnostics: Diagnostic[] = [];
  const sourceless: CollectedValues["sourcelessDiagnostics"] = [];
  for (const [key, text] of Object.entries(env)) {
    if (!key.startsWith("TF_VAR_") || text === undefined) continue;
    values.set(key.slice("TF_VAR_".length), { form: "string", text, source: { kind: "env" } });
  }
  // A file that cannot be read is reported as OpenTofu reports it, and the others still count.
  const readOrReport = (path: string, displayName: string, auto: boolean): void => {
    try {
      readVarsFile(path, displayName, auto, values, diagnostics, sources, convertEarly);
    } catch (error) {
      if (!(error instanceof FileReadError)) throw error;
      sourceless.push({
        severity: "error",
        summary: "Failed to read variables file",
        detail: `Error while reading ${displayName}: ${error.reason}.`,
      });
    }
  };
  for (const file of implicitVarsFiles(dir)) {
    readOrReport(join(dir, file), file, file !== "terraform.tfvars" && file !== "terraform.tfvars.json");
  }
  for (const arg of args) {
    if (arg.kind === "var-file") {
      if (!existsSync(arg.path)) {
        sourceless.push({
          severity: "error",
          summary: "Failed to read variables file",
          detail: `Given variables file ${arg.path} does not exist.`,
        });
        continue;
      }
      readOrReport(arg.path, arg.path, false);
      continue;
    }
    const eq = arg.raw.indexOf("=");
    if (eq < 0) {
      sourceless.push({
        severity: "error",
        summary: "Invalid -var option",
        detail: `The given -var option "${arg.raw}" is not correctly specified. Must be a variable name and value separated by an equals sign, like -var="key=value".`,
      });
      continue;
    }
    const name = arg.raw.slice(0, eq);
    const text = arg.raw.slice(eq + 1);
    if (name.endsWith(" ")) {
      sourceless.push({
        severity: "error",
        summary: "Invalid -var option",
        detail: `Variable name "${name}" is invalid due to trailing space. Did you mean -var="${name.slice(0, -1)}=${text.replace(/^ /, "")}"?`,
      });
      continue;
    }
    values.set(name, { form: "string", text, source: { kind: "cli" } });
  }
  return { values, diagnostics, sourcelessDiagnostics: sourceless };
}

/**
 * A value given on the command line or in the environment: a literal string for variables of a
 * primitive type, otherwise an HCL expression (OpenTofu's variable parsing modes).
 */
export function parseStringValue(
  name: string,
  text: string,
  literal: boolean,
  sources: Map<string, string>,
): { value: Value | null; diagnostics: readonly Diagnostic[] } {
  if (literal) return { value: stringVal(text), diagnostics: [] };
  const filename = `<value for var.${name}>`;
  sources.set(filename, text);
  const parsed = parseExpression(text, filename);
  if (parsed.diagnostics.some((d) => d.severity === "error"))
    return { value: null, diagnostics: parsed.diagnostics };
  const evaluated = evaluateExpression(parsed.expr);
  const failed = evaluated.diagnostics.some((d) => d.severity === "error");
  return { value: failed ? null : evaluated.value, diagnostics: evaluated.diagnostics };
}
