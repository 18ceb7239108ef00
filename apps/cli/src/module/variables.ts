// A module's `variable` declarations, read from its *.tf and *.tf.json files as OpenTofu reads
// them: type constraint, default (checked against the type), nullable, sensitive, description.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ConversionError, convertWithDefaults } from "@tofukit/convert";
import { isPrimitiveType, t, type Value } from "@tofukit/cty";
import {
  type Body,
  type Diagnostic,
  type Expression,
  evaluateExpression,
  formatRange,
  parseConfig,
  parseExpression,
  parseJSONValue,
} from "@tofukit/hcl";
import { type TypeConstraint, TypeExprError, typeConstraintFromExpression } from "@tofukit/typeexpr";
import { EXIT_INVALID, UsageError } from "../io.js";
import { FileReadError, readText } from "./read-text.js";

type Range = Diagnostic["subject"];

export interface VariableDeclaration {
  readonly name: string;
  readonly constraint: TypeConstraint;
  /** The default, already converted to the type; undefined when the variable is required. */
  readonly defaultValue: Value | undefined;
  /** A default was written but does not fit the type (reported already). */
  readonly defaultInvalid: boolean;
  readonly nullable: boolean;
  readonly sensitive: boolean;
  readonly description: string | undefined;
  /** `variable "name"`: where OpenTofu says a variable is declared. */
  readonly declRange: Range;
}

export interface ModuleVariables {
  readonly variables: ReadonlyMap<string, VariableDeclaration>;
  readonly diagnostics: readonly Diagnostic[];
  /** Every file read, by the name diagnostics use, for source snippets. */
  readonly sources: Map<string, string>;
  /** The configuration files found (none means DIR is not a module). */
  readonly files: readonly string[];
}

const ANY: TypeConstraint = { type: t.dynamic, defaults: null };

export function isPrimitiveConstraint(v: VariableDeclaration): boolean {
  return isPrimitiveType(v.constraint.type);
}

function diag(summary: string, detail: string, subject: Range): Diagnostic {
  return { severity: "error", summary, detail, subject };
}

/** Applies a constraint to a value the way OpenTofu's TypeConversionConstraint does. */
export function applyConstraint(value: Value, constraint: TypeConstraint): Value {
  return convertWithDefaults(value, constraint.type, constraint.defaults);
}

function fileRange(filename: string): Range {
  return { filename, start: { line: 1, column: 1, byte: 0 }, end: { line: 1, column: 1, byte: 0 } };
}

interface RawVariable {
  readonly name: string;
  readonly declRange: Range;
  readonly type?: () => TypeConstraint;
  readonly default?: { readonly value: Value | null; readonly range: Range };
  readonly nullable?: boolean;
  readonly sensitive?: boolean;
  readonly description?: string;
}

function boolAttribute(expr: Expression, name: string, diags: Diagnostic[]): boolean | undefined {
  const { value, diagnostics } = evaluateExpression(expr);
  for (const item of diagnostics) diags.push(item);
  if (diagnostics.some((d) => d.severity === "error")) return undefined;
  if (value.type.kind === "bool" && value.isKnown && !value.isNull) return value.asBool();
  diags.push(
    diag(
      "Incorrect attribute value type",
      `Inappropriate value for attribute "${name}": bool required.`,
      expr.range,
    ),
  );
  return undefined;
}

function readNative(body: Body, filename: string, diags: Diagnostic[]): RawVariable[] {
  const out: RawVariable[] = [];
  for (const block of body.blocks) {
    if (block.type !== "variable") continue;
    const label = block.labels[0];
    const labelRange = block.labelRanges[0];
    if (block.labels.length !== 1 || label === undefined || labelRange === undefined) {
      diags.push(
        diag("Missing name for variable", "All variable blocks must have 1 labels (name).", block.typeRange),
      );
      continue;
    }
    const declRange: Range = { filename, start: block.typeRange.start, end: labelRange.end };
    const raw: { -readonly [K in keyof RawVariable]: RawVariable[K] } = { name: label, declRange };
    for (const attr of block.body.attributes) {
      switch (attr.name) {
        case "type":
          raw.type = () => typeConstraintFromExpression(attr.expr);
          break;
        case "default": {
          const { value, diagnostics } = evaluateExpression(attr.expr);
          for (const item of diagnostics) diags.push(item);
          raw.default = {
            value: diagnostics.some((d) => d.severity === "error") ? null : value,
            range: attr.expr.range,
          };
          break;
        }
        case "nullable": {
          const b = boolAttribute(attr.expr, "nullable", diags);
          if (b !== undefined) raw.nullable = b;
          break;
        }
        case "sensitive": {
          const b = boolAttribute(attr.expr, "sensitive", diags);
          if (b !== undefined) raw.sensitive = b;
          break;
        }
        case "description": {
          const { value } = evaluateExpression(attr.expr);
          if (value.type.kind === "string" && value.isKnown && !value.isNull)
            raw.description = value.asString();
          break;
        }
        default:
          // validation blocks, ephemeral, const and anything newer are not this tool's concern.
          break;
      }
    }
    out.push(raw);
  }
  return out;
}

function readJSON(src: string, filename: string, diags: Diagnostic[]): RawVariable[] {
  const { value, diagnostics } = parseJSONValue(src, filename);
  for (const item of diagnostics) diags.push(item);
  if (value === null || value.type.kind !== "object") return [];
  const variables = value.get("variable");
  if (variables === undefined || variables.isNull || !variables.isKnown) return [];
  const groups = variables.type.kind === "tuple" ? variables.elements() : [variables];
  const out: RawVariable[] = [];
  const at = fileRange(filename);
  for (const group of groups) {
    if (group.type.kind !== "object") continue;
    for (const [name, decl] of group.attributes()) {
      const raw: { -readonly [K in keyof RawVariable]: RawVariable[K] } = { name, declRange: at };
      if (decl.type.kind === "object") {
        const type = decl.get("type");
        if (type !== undefined && type.type.kind === "string" && !type.isNull) {
          const source = type.asString();
          raw.type = () => {
            const parsed = parseExpression(source, filename);
            if (parsed.diagnostics.some((d) => d.severity === "error")) {
              throw new TypeExprError("TOFUKIT_TYPEEXPR_SYNTAX", parsed.diagnostics);
            }
            return typeConstraintFromExpression(parsed.expr);
          };
        }
        const def = decl.get("default");
        if (def !== undefined) raw.default = { value: def, range: at };
        const nullable = decl.get("nullable");
        if (nullable?.type.kind === "bool" && !nullable.isNull) raw.nullable = nullable.asBool();
        const sensitive = decl.get("sensitive");
        if (sensitive?.type.kind === "bool" && !sensitive.isNull) raw.sensitive = sensitive.asBool();
        const description = decl.get("description");
        if (description?.type.kind === "string" && !description.isNull)
          raw.description = description.asString();
      }
      out.push(raw);
    }
  }
  return out;
}

/** Reads every `*.tf` and `*.tf.json` file of `dir` (not subdirectories), in lexical order. */
export function readModuleVariables(dir: string): ModuleVariables {
  const diags: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && (e.name.endsWith(".tf") || e.name.endsWith(".tf.json")))
    .map((e) => e.name)
    .sort();
  const raws: RawVariable[] = [];
  for (const file of files) {
    let src: string;
    try {
      src = readText(join(dir, file));
    } catch (error) {
      if (!(error instanceof FileReadError)) throw error;
      throw new UsageError(`Cannot read the configuration file ${file}: ${error.reason}.`, EXIT_INVALID);
    }
    sources.set(file, src);
    if (file.endsWith(".tf.json")) {
      for (const item of readJSON(src, file, diags)) raws.push(item);
    } else {
      const { body, diagnostics } = parseConfig(src, file);
      for (const item of diagnostics) diags.push(item);
      for (const item of readNative(body, file, diags)) raws.push(item);
    }
  }
  const variables = new Map<string, VariableDeclaration>();
  for (const raw of raws) {
    const previous = variables.get(raw.name);
    if (previous !== undefined) {
      diags.push(
        diag(
          "Duplicate variable declaration",
          `A variable named "${raw.name}" was already declared at ${formatRange(previous.declRange)}. Variable names must be unique within a module.`,
          raw.declRange,
        ),
      );
      continue;
    }
    let constraint = ANY;
    if (raw.type !== undefined) {
      try {
        constraint = raw.type();
      } catch (error) {
        if (!(error instanceof TypeExprError)) throw error;
        for (const item of error.diagnostics) diags.push(item);
      }
    }
    const nullable = raw.nullable ?? true;
    let defaultValue: Value | undefined;
    let defaultInvalid = raw.default !== undefined && raw.default.value === null;
    if (raw.default !== undefined && raw.default.value !== null) {
      try {
        defaultValue = applyConstraint(raw.default.value, constraint);
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error;
        defaultInvalid = true;
        diags.push(
          diag(
            "Invalid default value for variable",
            `This default value is not compatible with the variable's type constraint: ${error.formatted}.`,
            raw.default.range,
          ),
        );
      }
      if (defaultValue?.isNull && !nullable) {
        diags.push(
          diag(
            "Invalid default value for variable",
            "A null default value is not valid when nullable=false.",
            raw.default.range,
          ),
        );
      }
    }
    variables.set(raw.name, {
      name: raw.name,
      constraint,
      defaultValue,
      defaultInvalid,
      nullable,
      sensitive: raw.sensitive ?? false,
      description: raw.description,
      declRange: raw.declRange,
    });
  }
  return { variables, diagnostics: diags, sources, files };
}
