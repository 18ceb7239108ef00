// Where root module variable values come from, in OpenTofu's precedence (later wins):
// TF_VAR_* environment variables, terraform.tfvars, terraform.tfvars.json, *.auto.tfvars(.json)
// in lexical order, then -var and -var-file in the order they were given.
import type { ConversionError } from "@tofukit/convert";
import { nullVal, stringVal, t, type Value } from "@tofukit/cty";
import {
  type Diagnostic,
  type Expression,
  errorDiag,
  evaluateExpression,
  forEachLiteralAttribute,
  parseConfig,
  parseExpression,
  parseJSONValue,
  sourceless,
} from "@tofukit/hcl";
import { compareBytes, type ModuleFile } from "./module-file.js";
import type { ParsingMode, Range } from "./variable-declaration.js";

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

/** A `-var NAME=VALUE` option, or a `-var-file` already read. */
export type VariableArg =
  | { readonly kind: "var"; readonly raw: string }
  | { readonly kind: "var-file"; readonly file: ModuleFile };

export interface GatheredValues {
  readonly values: ReadonlyMap<string, UnparsedValue>;
  readonly diagnostics: readonly Diagnostic[];
  /** Problems that belong to no file (a bad -var option): diagnostics without a subject. */
  readonly sourcelessDiagnostics: readonly Diagnostic[];
  /** The variable files read, by name, for source snippets. */
  readonly sources: ReadonlyMap<string, string>;
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
function readVarsFile(
  file: ModuleFile,
  auto: boolean,
  into: Map<string, UnparsedValue>,
  diags: Diagnostic[],
  convertEarly?: ConvertEarly,
): void {
  const src = file.text;
  const name = file.name;
  const source: ValueSource = { kind: "file", filename: name, auto };
  if (name.endsWith(".json")) {
    // Values converted as they are read leave a stand-in in the document's root object; each
    // value keeps where it is written, for its diagnostics.
    const read = new Map<string, { result: ConvertedValue | undefined; range: () => Range }>();
    const { value, diagnostics } = parseJSONValue(src, name, {
      rootProperty: (key, v, range) => {
        const result = convertEarly?.(key, v);
        read.set(key, { result, range });
        return result === undefined ? v : CONVERTED;
      },
    });
    for (const item of diagnostics) diags.push(item);
    if (value === null) return;
    if (value.type.kind !== "object") {
      const at = { line: 1, column: 1, byte: 0 };
      diags.push(
        errorDiag(
          "Invalid variable definitions file",
          "The root value in a JSON-based variable definitions file must be an object.",
          { filename: name, start: at, end: at },
        ),
      );
      return;
    }
    for (const [key, v] of value.attributes()) {
      const entry = read.get(key)!;
      const result = entry.result;
      if (result === undefined) {
        into.set(key, {
          form: "value",
          value: v,
          get range() {
            return entry.range();
          },
          source,
        });
      } else {
        into.set(key, {
          form: "converted",
          result,
          get range() {
            return entry.range();
          },
          source,
        });
      }
    }
    return;
  }
  // Most files hold literal values only: those are read without building a syntax tree. The tree
  // is built only if a diagnostic needs to point inside a value.
  // Kept aside until the whole file is known to be literal; a value converted early is not kept.
  const read: ReadAttribute[] = [];
  const literal = forEachLiteralAttribute(src, name, (attr) => {
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
    const exprOf = (key: string): Expression => {
      if (tree === undefined) {
        tree = new Map();
        for (const attr of parseConfig(src, name).body.attributes) tree.set(attr.name, attr.expr);
      }
      const expr = tree.get(key);
      // The reader only accepts files the parser reads without error, attribute for attribute.
      if (expr === undefined) throw new Error(`the syntax tree of ${name} has no attribute ${key}`);
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
  const { body, diagnostics } = parseConfig(src, name);
  for (const item of diagnostics) diags.push(item);
  for (const block of body.blocks) {
    const label = block.labels[0] ?? block.type;
    diags.push(
      block.type === "variable"
        ? errorDiag(
            "Variable declaration in .tfvars file",
            `A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. To declare variable "${label}", place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this variable in ${name}, use the definition syntax instead:\n    ${label} = <value>`,
            block.typeRange,
          )
        : errorDiag(`Unexpected "${block.type}" block`, "Blocks are not allowed here.", block.typeRange),
    );
  }
  for (const attr of body.attributes) {
    const { value, diagnostics: evalDiags } = evaluateExpression(attr.expr);
    for (const item of evalDiags) diags.push(item);
    if (evalDiags.some((d) => d.severity === "error")) continue;
    into.set(attr.name, { form: "value", value, range: attr.expr.range, expr: attr.expr, source });
  }
}

/** The variable files OpenTofu reads by itself from a module directory, in its order. */
export function implicitVariableFiles(files: readonly ModuleFile[]): ModuleFile[] {
  const byName = new Map(files.map((f) => [f.name, f]));
  const auto = files
    .filter((f) => f.name.endsWith(".auto.tfvars") || f.name.endsWith(".auto.tfvars.json"))
    .sort((a, b) => compareBytes(a.name, b.name));
  return [
    ...["terraform.tfvars", "terraform.tfvars.json"].flatMap((n) => {
      const f = byName.get(n);
      return f === undefined ? [] : [f];
    }),
    ...auto,
  ];
}

export interface GatherOptions {
  /** The files of the module directory: terraform.tfvars and *.auto.tfvars(.json) are read from them. */
  readonly files?: readonly ModuleFile[];
  /** The environment, for TF_VAR_ variables. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** -var and -var-file options, in the order given. */
  readonly args?: readonly VariableArg[];
}

/** Gathers every value given for the root module's variables, later sources replacing earlier ones. */
export function gatherValues(options: GatherOptions, convertEarly?: ConvertEarly): GatheredValues {
  const values = new Map<string, UnparsedValue>();
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const noFile: Diagnostic[] = [];
  for (const [key, text] of Object.entries(options.env ?? {})) {
    if (!key.startsWith("TF_VAR_") || text === undefined) continue;
    values.set(key.slice("TF_VAR_".length), { form: "string", text, source: { kind: "env" } });
  }
  for (const file of implicitVariableFiles(options.files ?? [])) {
    if (file.readError !== undefined) {
      noFile.push(
        sourceless(
          "error",
          "Failed to read variables file",
          `Error while reading ${file.name}: ${file.readError}.`,
        ),
      );
      continue;
    }
    sources.set(file.name, file.text);
    const auto = file.name !== "terraform.tfvars" && file.name !== "terraform.tfvars.json";
    readVarsFile(file, auto, values, diagnostics, convertEarly);
  }
  for (const arg of options.args ?? []) {
    if (arg.kind === "var-file") {
      sources.set(arg.file.name, arg.file.text);
      readVarsFile(arg.file, false, values, diagnostics, convertEarly);
      continue;
    }
    const eq = arg.raw.indexOf("=");
    if (eq < 0) {
      noFile.push(
        sourceless(
          "error",
          "Invalid -var option",
          `The given -var option "${arg.raw}" is not correctly specified. Must be a variable name and value separated by an equals sign, like -var="key=value".`,
        ),
      );
      continue;
    }
    const name = arg.raw.slice(0, eq);
    const text = arg.raw.slice(eq + 1);
    if (name.endsWith(" ")) {
      noFile.push(
        sourceless(
          "error",
          "Invalid -var option",
          `Variable name "${name}" is invalid due to trailing space. Did you mean -var="${name.slice(0, -1)}=${text.replace(/^ /, "")}"?`,
        ),
      );
      continue;
    }
    values.set(name, { form: "string", text, source: { kind: "cli" } });
  }
  return { values, diagnostics, sourcelessDiagnostics: noFile, sources };
}

/**
 * A value given on the command line or in the environment, read in its variable's parsing
 * mode: the literal string, or an HCL expression.
 */
export function parseStringValue(
  name: string,
  text: string,
  mode: ParsingMode,
  sources: Map<string, string>,
): { value: Value | null; diagnostics: readonly Diagnostic[] } {
  if (mode === "literal") return { value: stringVal(text), diagnostics: [] };
  const filename = `<value for var.${name}>`;
  sources.set(filename, text);
  const parsed = parseExpression(text, filename);
  if (parsed.diagnostics.some((d) => d.severity === "error"))
    return { value: null, diagnostics: parsed.diagnostics };
  const evaluated = evaluateExpression(parsed.expr);
  const failed = evaluated.diagnostics.some((d) => d.severity === "error");
  return { value: failed ? null : evaluated.value, diagnostics: evaluated.diagnostics };
}
