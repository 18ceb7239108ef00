// Decoding a `variable` block of native syntax as OpenTofu's configuration loader decodes it:
// the block's schema (unsupported arguments and blocks, with "Did you mean"), the name rules,
// each argument converted to what it must be, the default checked against the type, and the
// `validation` blocks with their own rules.

import { ConversionError, convert, convertWithDefaults } from "@tofukit/convert";
import { dynamicVal, isPrimitiveType, type Type, t, type Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Attribute,
  type Block,
  type Body,
  type Diagnostic,
  type Expression,
  errorDiag,
  evaluateExpression,
  nameSuggestion,
  variables,
} from "@tofukit/hcl";
import { type TypeConstraint, TypeExprError, typeConstraintFromExpression } from "@tofukit/typeexpr";
import type { DecodedType, DecodedVariable, Mutable } from "./decoded-variable.js";
import { discardedAttributeWarnings } from "./discarded-attributes.js";
import { inputVariableName } from "./references.js";
import { startRange } from "./start-range.js";
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
export const RESERVED_VARIABLE_NAMES = [
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
export function nameDiagnostics(name: string, labelRange: Range): Diagnostic[] {
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

/** hclsyntax's Body.Content: the arguments and blocks a schema does not know, with suggestions. */
function unsupported(
  body: Body,
  attributes: readonly string[],
  blocks: readonly string[],
  diags: Diagnostic[],
): void {
  for (const attr of body.attributes) {
    if (attributes.includes(attr.name)) continue;
    const suggestion = nameSuggestion(
      attr.name,
      attributes.filter((a) => !body.attributes.some((b) => b.name === a)),
    );
    const hint =
      suggestion !== ""
        ? ` Did you mean ${goQuote(suggestion)}?`
        : blocks.includes(attr.name)
          ? ` Did you mean to define a block of type ${goQuote(attr.name)}?`
          : "";
    diags.push(
      error(
        "Unsupported argument",
        `An argument named ${goQuote(attr.name)} is not expected here.${hint}`,
        attr.nameRange,
      ),
    );
  }
  for (const block of body.blocks) {
    if (blocks.includes(block.type)) continue;
    const suggestion = nameSuggestion(block.type, blocks);
    const hint =
      suggestion !== ""
        ? ` Did you mean ${goQuote(suggestion)}?`
        : attributes.includes(block.type)
          ? ` Did you mean to define argument ${goQuote(block.type)}? If so, use the equals sign to assign it a value.`
          : "";
    diags.push(
      error(
        "Unsupported block type",
        `Blocks of type ${goQuote(block.type)} are not expected here.${hint}`,
        block.typeRange,
      ),
    );
  }
}

/** gohcl.DecodeExpression into a Go value of type `type`: the constant, converted. */
export function decodeAs(expr: Expression, type: Type, diags: Diagnostic[]): Value | undefined {
  const { value, diagnostics } = evaluateExpression(expr);
  for (const item of diagnostics) diags.push(item);
  return decodeValueAs(value, type, startRange(expr), expr.range, diags);
}

export function decodeValueAs(
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
export function decodeType(expr: Expression, diags: Diagnostic[]): DecodedType {
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
  block: Block,
  filename: string,
  override: boolean,
  diags: Diagnostic[],
): ValidationRule | undefined {
  const range: Range = { ...block.typeRange, filename };
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
        { ...block.typeRange, end: block.openBraceRange.end },
      ),
    );
    return undefined;
  }
  const body = block.body;
  const attr = (name: string): Attribute | undefined => body.attributes.find((a) => a.name === name);
  const condition = attr("condition");
  const message = attr("error_message");
  for (const [name, a] of [
    ["condition", condition],
    ["error_message", message],
  ] as const) {
    if (a === undefined) {
      const at = { ...body.range.start };
      diags.push(
        error(
          "Missing required argument",
          `The argument ${goQuote(name)} is required, but no definition was found.`,
          { filename: body.range.filename, start: at, end: at },
        ),
      );
    }
  }
  unsupported(body, RULE_ARGUMENTS, [], diags);
  if (condition !== undefined) {
    const refs = variables(condition.expr);
    if (refs.length === 0) {
      diags.push(
        error(
          "Invalid validation expression",
          "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
          condition.expr.range,
        ),
      );
    }
    if (!refs.some((r) => inputVariableName(r.traversal) === varName)) {
      diags.push(
        error(
          "Invalid variable validation condition",
          `The condition for variable ${goQuote(varName)} must refer to var.${varName} in order to test incoming values.`,
          condition.expr.range,
        ),
      );
    }
  }
  if (condition === undefined || message === undefined) return undefined;
  return { condition: condition.expr, errorMessage: message.expr, range };
}

/**
 * Decodes one `variable` block of `filename`. In an override file nothing is assumed: an
 * argument the block does not set stays unset, and its default is converted only once merged.
 */
export function decodeVariableBlock(
  block: Block,
  filename: string,
  override: boolean,
  diags: Diagnostic[],
): DecodedVariable | undefined {
  const label = block.labels[0];
  if (label === undefined) {
    diags.push(
      error(
        "Missing name for variable",
        "All variable blocks must have 1 labels (name).",
        block.openBraceRange,
        {
          ...block.typeRange,
          end: block.openBraceRange.end,
        },
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
        { ...block.typeRange, end: block.openBraceRange.end },
      ),
    );
    return undefined;
  }
  const labelRange = block.labelRanges[0]!;
  const declRange: Range = { filename, start: block.typeRange.start, end: labelRange.end };
  const v: Mutable<DecodedVariable> = { name: label, declRange, validations: [] };
  const body = block.body;
  unsupported(body, VARIABLE_ARGUMENTS, VARIABLE_BLOCKS, diags);
  for (const item of nameDiagnostics(label, labelRange)) diags.push(item);
  const attr = (name: string): Attribute | undefined => body.attributes.find((a) => a.name === name);

  const description = attr("description");
  if (description !== undefined) {
    const value = decodeAs(description.expr, t.string, diags);
    v.description = value === undefined ? "" : value.asString();
  }
  const type = attr("type");
  if (type !== undefined) v.type = decodeType(type.expr, diags);
  else if (!override) v.type = { constraint: ANY, parsingMode: "literal", given: false };
  const sensitive = attr("sensitive");
  if (sensitive !== undefined) v.sensitive = decodeAs(sensitive.expr, t.bool, diags)?.asBool() ?? false;
  const deprecated = attr("deprecated");
  if (deprecated !== undefined) {
    const before = diags.length;
    const value = decodeAs(deprecated.expr, t.string, diags);
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
  if (ephemeral !== undefined) v.ephemeral = decodeAs(ephemeral.expr, t.bool, diags)?.asBool() ?? false;
  const nullable = attr("nullable");
  if (nullable !== undefined) v.nullable = decodeAs(nullable.expr, t.bool, diags)?.asBool() ?? false;
  const constant = attr("const");
  if (constant !== undefined) decodeAs(constant.expr, t.bool, diags);

  const def = attr("default");
  if (def !== undefined) {
    const { value, diagnostics } = evaluateExpression(def.expr);
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
            def.expr.range,
          ),
        );
        result = dynamicVal;
        invalid = true;
      }
      for (const item of discardedAttributeWarnings(def.expr, v.type.constraint.type)) diags.push(item);
    }
    if (v.nullable === false && result.isNull) {
      diags.push(
        error(
          "Invalid default value for variable",
          "A null default value is not valid when nullable=false.",
          def.expr.range,
        ),
      );
    }
    v.default = { value: result, invalid };
  }

  const rules: ValidationRule[] = [];
  for (const inner of body.blocks) {
    if (inner.type !== "validation") continue;
    const rule = decodeValidation(label, inner, filename, override, diags);
    if (rule !== undefined) rules.push(rule);
  }
  v.validations = rules;
  return v;
}
