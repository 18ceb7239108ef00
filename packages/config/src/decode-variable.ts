// Decoding a `variable` block of native syntax as OpenTofu's configuration loader decodes it:
// the block's schema (unsupported arguments and blocks, with "Did you mean"), the name rules,
// each argument converted to what it must be, the default checked against the type, and the
// `validation` blocks with their own rules.

import { ConversionError, convert, convertWithDefaults } from "@tofukit/convert";
import { dynamicVal, isPrimitiveType, type Type, t, type Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Diagnostic,
  type Expression,
  errorDiag,
  jsonNodeStartRange,
  jsonStringExpression,
  rangeBetween,
  variables,
} from "@tofukit/hcl";
import { type TypeConstraint, TypeExprError, typeConstraintFromExpression } from "@tofukit/typeexpr";
import { bodyContentProblems } from "./body-content.js";
import { type ConfigAttribute, type ConfigBlock, type ConfigBody, constantValue } from "./config-body.js";
import type { DecodedType, DecodedVariable, Mutable } from "./decoded-variable.js";
import { discardedAttributeWarnings } from "./discarded-attributes.js";
import { inputVariableName } from "./references.js";
import type { Range, ValidationRule } from "./variable-declaration.js";

const VARIABLE_ARGUMENTS = [
  "description",
  "default",
  "type",
  "sensitive",
  "ephemeral",
  "const",
  "deprecated",
  "nullable",
] as const;
const VARIABLE_BLOCKS = ["validation"] as const;
const RULE_ARGUMENTS = ["condition", "error_message"] as const;

/** Names a `module` block gives meaning to: a variable of that name could not be set by a caller. */
const RESERVED_VARIABLE_NAMES = [
  "source",
  "version",
  "count",
  "for_each",
  "depends_on",
  "providers",
  "_",
  "lifecycle",
  "locals",
  "provider",
] as const;

export const BAD_IDENTIFIER_DETAIL =
  "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.";

const IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u;

export function isValidIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

export const ANY: TypeConstraint = { type: t.dynamic, defaults: null };

function error(summary: string, detail: string, subject: Range, context?: Range): Diagnostic {
  return errorDiag(summary, detail, subject, context);
}

/** The diagnostics of names a variable may not have. */
function nameDiagnostics(name: string, labelRange: Range): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!isValidIdentifier(name)) out.push(error("Invalid variable name", BAD_IDENTIFIER_DETAIL, labelRange));
  for (const reserved of RESERVED_VARIABLE_NAMES) {
    if (reserved === name) {
      out.push(
        error(
          "Invalid variable name",
          `The variable name ${goQuote(name)} is reserved due to its special meaning inside module blocks.`,
          labelRange,
        ),
      );
    }
  }
  return out;
}

/** The schema of a `variable` block, and of its `validation` blocks. */
const VARIABLE_SCHEMA = {
  attributes: VARIABLE_ARGUMENTS.map((name) => ({ name })),
  blocks: [...VARIABLE_BLOCKS],
};
const RULE_SCHEMA = {
  attributes: RULE_ARGUMENTS.map((name) => ({ name, required: true })),
  blocks: [],
};

/** The block types of a `variable` block, for reading JSON bodies. */
export const VARIABLE_BLOCK_TYPES = [{ type: "validation" }] as const;

/** gohcl.DecodeExpression into a Go value of type `type`: the constant, converted. */
function decodeAs(attr: ConfigAttribute, type: Type, diags: Diagnostic[]): Value | undefined {
  const { value, diagnostics, subject, context } = constantValue(attr);
  for (const item of diagnostics) diags.push(item);
  return decodeValueAs(value, type, subject, context, diags);
}

/**
 * The expression a `type` argument is read as: native syntax as written; in JSON a string is
 * parsed as a native expression where it is written (as hcl/json's static analysis does).
 */
function typeExpression(attr: ConfigAttribute, diags: Diagnostic[]): Expression | undefined {
  const node = attr.json;
  if (node === undefined) return attr.expr;
  if (node.kind !== "string") {
    diags.push(
      error(
        "Invalid type specification",
        "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
        jsonNodeStartRange(node),
      ),
    );
    return undefined;
  }
  const before = diags.length;
  const expr = jsonStringExpression(node, diags);
  return diags.slice(before).some((d) => d.severity === "error") ? undefined : expr;
}

function decodeValueAs(
  value: Value,
  type: Type,
  subject: Range,
  context: Range,
  diags: Diagnostic[],
): Value | undefined {
  let converted: Value;
  try {
    converted = convert(value, type);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    diags.push(error("Unsuitable value type", `Unsuitable value: ${e.message}`, subject, context));
    return undefined;
  }
  if (converted.isNull || !converted.isKnown) {
    const why = converted.isNull ? "null value is not allowed" : "value must be known";
    diags.push(error("Unsuitable value type", `Unsuitable value: ${why}`, subject, context));
    return undefined;
  }
  return converted;
}

/** The type constraint and parsing mode of a `type` argument (decodeVariableType). */
function decodeType(expr: Expression, diags: Diagnostic[]): DecodedType {
  // A quoted "string" is the one legacy form that keeps literal parsing.
  const quotedString =
    expr.kind === "template" &&
    expr.parts.length === 1 &&
    expr.parts[0]?.kind === "literal" &&
    expr.parts[0].value.type === "string" &&
    expr.parts[0].value.value === "string";
  try {
    const constraint = typeConstraintFromExpression(expr);
    return { constraint, parsingMode: isPrimitiveType(constraint.type) ? "literal" : "hcl", given: true };
  } catch (e) {
    if (!(e instanceof TypeExprError)) throw e;
    for (const item of e.diagnostics) diags.push(item);
    return { constraint: ANY, parsingMode: quotedString ? "literal" : "hcl", given: true };
  }
}

/** Converts a default to a type as OpenTofu's TypeConversionConstraint does. */
export function convertDefault(value: Value, constraint: TypeConstraint): Value {
  return convertWithDefaults(value, constraint.type, constraint.defaults);
}

function decodeValidation(
  varName: string,
  block: ConfigBlock,
  override: boolean,
  diags: Diagnostic[],
): ValidationRule | undefined {
  const range: Range = block.defRange;
  for (const item of block.body.problems) diags.push(item);
  if (override) {
    diags.push(
      error("Can't override validation blocks", 'Override files cannot override "validation" blocks.', range),
    );
    return undefined;
  }
  if (block.labels.length > 0) {
    diags.push(
      error(
        "Extraneous label for validation",
        "No labels are expected for validation blocks.",
        block.labelRanges[0]!,
        rangeBetween(block.typeRange, block.openRange),
      ),
    );
    return undefined;
  }
  const body = block.body;
  for (const item of bodyContentProblems(body, RULE_SCHEMA)) diags.push(item);
  const condition = attribute(body, "condition");
  const message = attribute(body, "error_message");
  const conditionExpr = condition === undefined ? undefined : withContext(condition, diags);
  const messageExpr = message === undefined ? undefined : withContext(message, diags);
  if (conditionExpr !== undefined) {
    const refs = variables(conditionExpr);
    if (refs.length === 0) {
      diags.push(
        error(
          "Invalid validation expression",
          "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
          conditionExpr.range,
        ),
      );
    }
    if (!refs.some((r) => inputVariableName(r.traversal) === varName)) {
      diags.push(
        error(
          "Invalid variable validation condition",
          `The condition for variable ${goQuote(varName)} must refer to var.${varName} in order to test incoming values.`,
          conditionExpr.range,
        ),
      );
    }
  }
  if (conditionExpr === undefined || messageExpr === undefined) return undefined;
  return { condition: conditionExpr, errorMessage: messageExpr, range };
}

function attribute(body: ConfigBody, name: string): ConfigAttribute | undefined {
  return body.attributes.find((a) => a.name === name);
}

/** An argument's expression for evaluation with a context; undefined when its templates are malformed. */
function withContext(attr: ConfigAttribute, diags: Diagnostic[]): Expression | undefined {
  for (const item of attr.exprDiagnostics) diags.push(item);
  return attr.exprDiagnostics.some((d) => d.severity === "error") ? undefined : attr.expr;
}

/**
 * Decodes one `variable` block, of native or JSON syntax. In an override file nothing is
 * assumed: an argument the block does not set stays unset, and its default is converted only
 * once merged.
 */
export function decodeVariableBlock(
  block: ConfigBlock,
  override: boolean,
  diags: Diagnostic[],
): DecodedVariable | undefined {
  for (const item of block.body.problems) diags.push(item);
  const label = block.labels[0];
  if (label === undefined) {
    diags.push(
      error(
        "Missing name for variable",
        "All variable blocks must have 1 labels (name).",
        block.openRange,
        rangeBetween(block.typeRange, block.openRange),
      ),
    );
    return undefined;
  }
  if (block.labels.length > 1) {
    diags.push(
      error(
        "Extraneous label for variable",
        "Only 1 labels (name) are expected for variable blocks.",
        block.labelRanges[1]!,
        rangeBetween(block.typeRange, block.openRange),
      ),
    );
    return undefined;
  }
  const labelRange = block.labelRanges[0]!;
  const v: Mutable<DecodedVariable> = { name: label, declRange: block.defRange, validations: [] };
  const body = block.body;
  for (const item of bodyContentProblems(body, VARIABLE_SCHEMA)) diags.push(item);
  for (const item of nameDiagnostics(label, labelRange)) diags.push(item);
  const attr = (name: string): ConfigAttribute | undefined => attribute(body, name);

  const description = attr("description");
  if (description !== undefined) {
    const value = decodeAs(description, t.string, diags);
    v.description = value === undefined ? "" : value.asString();
  }
  const type = attr("type");
  if (type !== undefined) {
    const expr = typeExpression(type, diags);
    v.type =
      expr === undefined ? { constraint: ANY, parsingMode: "hcl", given: true } : decodeType(expr, diags);
  } else if (!override) v.type = { constraint: ANY, parsingMode: "literal", given: false };
  const sensitive = attr("sensitive");
  if (sensitive !== undefined) v.sensitive = decodeAs(sensitive, t.bool, diags)?.asBool() ?? false;
  const deprecated = attr("deprecated");
  if (deprecated !== undefined) {
    const before = diags.length;
    const value = decodeAs(deprecated, t.string, diags);
    const message = value === undefined ? "" : value.asString();
    if (
      value !== undefined &&
      message.trim() === "" &&
      !diags.slice(before).some((d) => d.severity === "error")
    ) {
      diags.push(
        error(
          "Invalid `deprecated` value",
          'The "deprecated" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated variable.',
          labelRange,
        ),
      );
    }
    if (message !== "") v.deprecated = message;
  }
  const ephemeral = attr("ephemeral");
  if (ephemeral !== undefined) v.ephemeral = decodeAs(ephemeral, t.bool, diags)?.asBool() ?? false;
  const nullable = attr("nullable");
  if (nullable !== undefined) v.nullable = decodeAs(nullable, t.bool, diags)?.asBool() ?? false;
  const constant = attr("const");
  if (constant !== undefined) decodeAs(constant, t.bool, diags);

  const def = attr("default");
  if (def !== undefined) {
    const { value, diagnostics, context } = constantValue(def);
    for (const item of diagnostics) diags.push(item);
    let result: Value = value;
    let invalid = diagnostics.some((d) => d.severity === "error");
    if (v.type !== undefined && !invalid) {
      try {
        result = convertDefault(value, v.type.constraint);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        diags.push(
          error(
            "Invalid default value for variable",
            `This default value is not compatible with the variable's type constraint: ${e.formatted}.`,
            context,
          ),
        );
        result = dynamicVal;
        invalid = true;
      }
      // Only native object constructors hold attributes a conversion can be seen to discard.
      if (def.json === undefined) {
        for (const item of discardedAttributeWarnings(def.expr, v.type.constraint.type)) diags.push(item);
      }
    }
    if (v.nullable === false && result.isNull) {
      diags.push(
        error(
          "Invalid default value for variable",
          "A null default value is not valid when nullable=false.",
          context,
        ),
      );
    }
    v.default = { value: result, invalid };
  }

  const rules: ValidationRule[] = [];
  for (const inner of body.blocks) {
    if (inner.type !== "validation") continue;
    const rule = decodeValidation(label, inner, override, diags);
    if (rule !== undefined) rules.push(rule);
  }
  v.validations = rules;
  return v;
}
