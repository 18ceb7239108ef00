// Decoding `variable` blocks of a `.tf.json` file as HCL's JSON syntax presents them to
// OpenTofu: `"variable": {"name": {...}}` (or arrays of such objects), arguments as JSON values,
// type constraints and expressions as strings, and "Extraneous JSON object property" for
// anything the schema does not know.

import { ConversionError, convertWithDefaults } from "@tofukit/convert";
import { dynamicVal, isPrimitiveType, type Type, t, type Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Diagnostic,
  type Expression,
  nameSuggestion,
  parseExpression,
  parseTemplate,
  variables,
} from "@tofukit/hcl";
import { TypeExprError, typeConstraintFromExpression } from "@tofukit/typeexpr";
import { jsonBlockObjects as blockObjects } from "./config-body.js";
import { ANY, decodeValueAs, nameDiagnostics } from "./decode-variable.js";
import type { DecodedType, DecodedVariable, Mutable } from "./decoded-variable.js";
import {
  type JSONNode,
  type JSONProperty,
  jsonNodeValue,
  type Positions,
  parseJSONDocument,
} from "./json-document.js";
import { inputVariableName } from "./references.js";
import type { Range, ValidationRule } from "./variable-declaration.js";

const VARIABLE_NAMES = [
  "description",
  "default",
  "type",
  "sensitive",
  "ephemeral",
  "const",
  "deprecated",
  "nullable",
  "validation",
];
const RULE_NAMES = ["condition", "error_message"];

function error(summary: string, detail: string, subject: Range): Diagnostic {
  return { severity: "error", summary, detail, subject };
}

function extraneous(
  properties: readonly JSONProperty[],
  names: readonly string[],
  at: Positions,
  diags: Diagnostic[],
): void {
  for (const p of properties) {
    if (names.includes(p.name) || p.name === "//") continue;
    const suggestion = nameSuggestion(p.name, names);
    diags.push(
      error(
        "Extraneous JSON object property",
        `No argument or block type is named ${goQuote(p.name)}.${suggestion === "" ? "" : ` Did you mean ${goQuote(suggestion)}?`}`,
        at.range(p.nameStart, p.nameEnd),
      ),
    );
  }
}

/**
 * An expression written as a JSON value: a string is a template (a lone `${…}` is its
 * expression's value), other values are literals.
 */
function stringExpression(node: JSONNode, at: Positions, diags: Diagnostic[]): Expression | undefined {
  const range = at.range(node.start, node.end);
  if (node.kind !== "string") {
    return node.kind === "bool" || node.kind === "number" || node.kind === "null"
      ? {
          kind: "literal",
          value:
            node.kind === "bool"
              ? { type: "bool", value: node.value }
              : node.kind === "number"
                ? { type: "number", text: node.text }
                : { type: "null" },
          range,
        }
      : undefined;
  }
  // A JSON string is a template, as HCL's JSON syntax reads expressions; its positions count
  // from the start of the string, so diagnostics point at the whole string instead.
  const parsed = parseTemplate(node.value, at.filename);
  if (parsed.diagnostics.some((d) => d.severity === "error")) {
    for (const item of parsed.diagnostics.map((d) => ({ ...d, subject: range }))) diags.push(item);
    return undefined;
  }
  return parsed.expr;
}

function decodeType(node: JSONNode, at: Positions, diags: Diagnostic[]): DecodedType {
  const range = at.range(node.start, node.end);
  if (node.kind !== "string") {
    diags.push(
      error(
        "Invalid type specification",
        "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
        range,
      ),
    );
    return { constraint: ANY, parsingMode: "hcl", given: true };
  }
  const parsed = parseExpression(node.value, at.filename);
  if (parsed.diagnostics.some((d) => d.severity === "error")) {
    for (const item of parsed.diagnostics.map((d) => ({ ...d, subject: range }))) diags.push(item);
    return { constraint: ANY, parsingMode: "hcl", given: true };
  }
  try {
    const constraint = typeConstraintFromExpression(parsed.expr);
    return { constraint, parsingMode: isPrimitiveType(constraint.type) ? "literal" : "hcl", given: true };
  } catch (e) {
    if (!(e instanceof TypeExprError)) throw e;
    for (const item of e.diagnostics.map((d) => ({ ...d, subject: range }))) diags.push(item);
    return { constraint: ANY, parsingMode: "hcl", given: true };
  }
}

function decodeAs(node: JSONNode, type: Type, at: Positions, diags: Diagnostic[]): Value | undefined {
  const range = at.range(node.start, node.end);
  return decodeValueAs(jsonNodeValue(node), type, range, range, diags);
}

function decodeValidation(
  varName: string,
  node: Extract<JSONNode, { kind: "object" }>,
  at: Positions,
  override: boolean,
  diags: Diagnostic[],
): ValidationRule | undefined {
  const range = at.range(node.start, node.start + 1);
  if (override) {
    diags.push(
      error("Can't override validation blocks", 'Override files cannot override "validation" blocks.', range),
    );
    return undefined;
  }
  const prop = (name: string) => node.properties.find((p) => p.name === name);
  for (const name of RULE_NAMES) {
    if (prop(name) === undefined) {
      diags.push(
        error(
          "Missing required argument",
          `The argument ${goQuote(name)} is required, but no definition was found.`,
          range,
        ),
      );
    }
  }
  extraneous(node.properties, RULE_NAMES, at, diags);
  const conditionNode = prop("condition");
  const messageNode = prop("error_message");
  const condition =
    conditionNode === undefined ? undefined : stringExpression(conditionNode.value, at, diags);
  const errorMessage = messageNode === undefined ? undefined : stringExpression(messageNode.value, at, diags);
  if (condition !== undefined) {
    const refs = variables(condition);
    if (refs.length === 0) {
      diags.push(
        error(
          "Invalid validation expression",
          "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
          condition.range,
        ),
      );
    }
    if (!refs.some((r) => inputVariableName(r.traversal) === varName)) {
      diags.push(
        error(
          "Invalid variable validation condition",
          `The condition for variable ${goQuote(varName)} must refer to var.${varName} in order to test incoming values.`,
          condition.range,
        ),
      );
    }
  }
  if (condition === undefined || errorMessage === undefined) return undefined;
  return { condition, errorMessage, range };
}

function decodeBlock(
  name: string,
  labelRange: Range,
  node: Extract<JSONNode, { kind: "object" }>,
  at: Positions,
  override: boolean,
  diags: Diagnostic[],
): DecodedVariable {
  const declRange = at.range(node.start, node.start + 1);
  const v: Mutable<DecodedVariable> = { name, declRange, validations: [] };
  extraneous(node.properties, VARIABLE_NAMES, at, diags);
  for (const item of nameDiagnostics(name, labelRange)) diags.push(item);
  const prop = (key: string) => node.properties.find((p) => p.name === key)?.value;
  const description = prop("description");
  if (description !== undefined) v.description = decodeAs(description, t.string, at, diags)?.asString() ?? "";
  const type = prop("type");
  if (type !== undefined) v.type = decodeType(type, at, diags);
  else if (!override) v.type = { constraint: ANY, parsingMode: "literal", given: false };
  const sensitive = prop("sensitive");
  if (sensitive !== undefined) v.sensitive = decodeAs(sensitive, t.bool, at, diags)?.asBool() ?? false;
  const deprecated = prop("deprecated");
  if (deprecated !== undefined) {
    const value = decodeAs(deprecated, t.string, at, diags);
    if (value !== undefined && value.asString().trim() === "") {
      diags.push(
        error(
          "Invalid `deprecated` value",
          'The "deprecated" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated variable.',
          labelRange,
        ),
      );
    }
    if (value !== undefined && value.asString() !== "") v.deprecated = value.asString();
  }
  const ephemeral = prop("ephemeral");
  if (ephemeral !== undefined) v.ephemeral = decodeAs(ephemeral, t.bool, at, diags)?.asBool() ?? false;
  const nullable = prop("nullable");
  if (nullable !== undefined) v.nullable = decodeAs(nullable, t.bool, at, diags)?.asBool() ?? false;
  const constant = prop("const");
  if (constant !== undefined) decodeAs(constant, t.bool, at, diags);
  const def = prop("default");
  if (def !== undefined) {
    const range = at.range(def.start, def.end);
    let value = jsonNodeValue(def);
    let invalid = false;
    if (v.type !== undefined) {
      try {
        value = convertWithDefaults(value, v.type.constraint.type, v.type.constraint.defaults);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        diags.push(
          error(
            "Invalid default value for variable",
            `This default value is not compatible with the variable's type constraint: ${e.formatted}.`,
            range,
          ),
        );
        value = dynamicVal;
        invalid = true;
      }
    }
    if (v.nullable === false && value.isNull) {
      diags.push(
        error(
          "Invalid default value for variable",
          "A null default value is not valid when nullable=false.",
          range,
        ),
      );
    }
    v.default = { value, invalid };
  }
  const validation = prop("validation");
  if (validation !== undefined) {
    const rules: ValidationRule[] = [];
    for (const obj of blockObjects(validation, at, diags)) {
      const rule = decodeValidation(name, obj, at, override, diags);
      if (rule !== undefined) rules.push(rule);
    }
    v.validations = rules;
  }
  return v;
}

/** The `variable` blocks of a parsed `.tf.json` file, in the order they are written. */
export function decodeJSONVariableBlocks(
  root: Extract<JSONNode, { kind: "object" }>,
  at: Positions,
  override: boolean,
  diags: Diagnostic[],
): DecodedVariable[] {
  const out: DecodedVariable[] = [];
  for (const p of root.properties) {
    if (p.name !== "variable") continue;
    for (const group of blockObjects(p.value, at, diags)) {
      for (const labelled of group.properties) {
        const labelRange = at.range(labelled.nameStart, labelled.nameEnd);
        for (const body of blockObjects(labelled.value, at, diags)) {
          out.push(decodeBlock(labelled.name, labelRange, body, at, override, diags));
        }
      }
    }
  }
  return out;
}

/** A `.tf.json` file's top-level object, or undefined (reported) when it is not one. */
export function jsonConfigRoot(
  text: string,
  filename: string,
  diags: Diagnostic[],
): { root: Extract<JSONNode, { kind: "object" }>; at: Positions } | undefined {
  const doc = parseJSONDocument(text, filename);
  for (const item of doc.diagnostics) diags.push(item);
  const root = doc.root;
  if (root === null) return undefined;
  const at = doc.positions;
  if (root.kind !== "object") {
    diags.push(
      error(
        "Incorrect JSON value type",
        "A JSON object is required here, setting the arguments for this block.",
        at.range(root.start, root.end),
      ),
    );
    return undefined;
  }
  return { root, at };
}
