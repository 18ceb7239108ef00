// @tofukit/schema: JSON Schema and TypeScript types of OpenTofu type constraints and module inputs.

export type { JsonData } from "./json-data.js";
export {
  JSON_SCHEMA_DRAFT,
  type JsonSchema,
  type JsonSchemaObject,
  jsonSchemaOf,
  NUMBER_SYNTAX,
} from "./json-schema.js";
export { moduleJsonSchema } from "./module-json-schema.js";
export { type ModuleTypeScriptOptions, moduleTypeScript } from "./module-typescript.js";
export { typeScriptOf } from "./typescript.js";
export type { VariableDeclaration } from "./variable-declaration.js";
