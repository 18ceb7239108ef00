// The module's variables as @tofukit/schema takes them, from @tofukit/config's declarations: the
// one place that knows both shapes.
import type { LoadedModule } from "@tofukit/config";
import type { VariableDeclaration } from "@tofukit/schema";

export function schemaDeclarations(module: LoadedModule): VariableDeclaration[] {
  return [...module.variables.values()].map((v) => ({
    name: v.name,
    type: v.constraint.type,
    defaults: v.constraint.defaults,
    ...(v.description === undefined ? {} : { description: v.description }),
    ...(v.defaultValue === undefined ? {} : { default: v.defaultValue }),
    ...(v.deprecated === undefined ? {} : { deprecated: v.deprecated }),
    nullable: v.nullable,
    sensitive: v.sensitive,
  }));
}
