// The JSON Schema of a module's whole `terraform.tfvars.json`: one property per variable.
//
// A variable without a default is required. A null is accepted where OpenTofu accepts it:
// for a nullable variable it is the value; for a non-nullable one with a default OpenTofu uses
// the default instead (prepareFinalInputVariableValue); a non-nullable variable without a
// default refuses it ("required variable may not be set to null"). Properties for undeclared
// variables are allowed: OpenTofu only warns about them in a variables file.

import { type JsonData, jsonDataOf, setProperty } from "./json-data.js";
import { JSON_SCHEMA_DRAFT, type JsonSchemaObject, schemaOf } from "./json-schema.js";
import type { VariableDeclaration } from "./variable-declaration.js";

/** The schema of a `terraform.tfvars.json` for a module with these variables. */
export function moduleJsonSchema(variables: readonly VariableDeclaration[]): JsonSchemaObject {
  const properties: Record<string, JsonData> = {};
  const required: string[] = [];
  for (const v of variables) {
    setProperty(properties, v.name, variableSchema(v));
    if (v.default === undefined) required.push(v.name);
  }
  const out: Record<string, JsonData> = { $schema: JSON_SCHEMA_DRAFT, type: "object", properties };
  if (required.length > 0) out.required = required;
  return out;
}

function variableSchema(v: VariableDeclaration): JsonSchemaObject {
  const base = schemaOf(v.type, v.defaults ?? undefined);
  let schema: Record<string, JsonData> = typeof base === "boolean" ? {} : { ...base };
  if (!v.nullable && v.default === undefined) schema = { ...schema, not: { type: "null" } };
  const description = descriptionOf(v);
  if (description !== undefined) schema.description = description;
  if (v.default !== undefined) schema.default = jsonDataOf(v.default);
  if (v.deprecated !== undefined) schema.deprecated = true;
  return schema;
}

function descriptionOf(v: VariableDeclaration): string | undefined {
  const parts: string[] = [];
  if (v.description !== undefined && v.description !== "") parts.push(v.description);
  if (v.deprecated !== undefined) parts.push(`Deprecated: ${v.deprecated}`);
  if (v.sensitive) parts.push("Sensitive: OpenTofu hides this value in its output.");
  return parts.length > 0 ? parts.join("\n\n") : undefined;
}
