// The module's variables as @tofukit/schema takes them, from the module reader: the one place
// that knows both shapes, so that the reader can be replaced without touching the commands.
import type { VariableDeclaration } from "@tofukit/schema";
import type { ModuleVariables } from "./variables.js";

export function schemaDeclarations(module: ModuleVariables): VariableDeclaration[] {
  return [...module.variables.values()].map((v) => ({
    name: v.name,
    type: v.constraint.type,
    defaults: v.constraint.defaults,
    ...(v.description === undefined ? {} : { description: v.description }),
    ...(v.defaultValue === undefined ? {} : { default: v.defaultValue }),
    nullable: v.nullable,
    sensitive: v.sensitive,
  }));
}
