// TypeScript declarations of a module's inputs: `export interface Inputs { … }`, one property
// per variable, typed as typeScriptOf types it; descriptions, defaults, deprecation and
// sensitivity become doc comments.
//
// A variable with a default is optional. A null is allowed where OpenTofu accepts it (see
// moduleJsonSchema): for nullable variables and for those with a default.

import { jsonDataOf } from "./json-data.js";
import { docComment, propertyName, typeText } from "./typescript.js";
import type { VariableDeclaration } from "./variable-declaration.js";

/** Options of moduleTypeScript. */
export interface ModuleTypeScriptOptions {
  /** The interface's name; `Inputs` by default. */
  readonly interfaceName?: string;
}

/** The declarations of a module's inputs as TypeScript source text. */
export function moduleTypeScript(
  variables: readonly VariableDeclaration[],
  options: ModuleTypeScriptOptions = {},
): string {
  const name = options.interfaceName ?? "Inputs";
  let out = "/** The input variables of the module, as a terraform.tfvars.json gives them. */\n";
  out += `export interface ${name} {\n`;
  for (const v of variables) {
    const doc: string[] = [];
    if (v.description !== undefined && v.description !== "") doc.push(v.description);
    if (v.sensitive) doc.push("Sensitive: OpenTofu hides this value in its output.");
    if (v.default !== undefined) doc.push(`@default ${JSON.stringify(jsonDataOf(v.default))}`);
    if (v.deprecated !== undefined) doc.push(`@deprecated ${v.deprecated}`);
    if (doc.length > 0) out += docComment(doc, "  ");
    const nullable = v.nullable || v.default !== undefined;
    const type = typeText(v.type, v.defaults ?? undefined, "  ", nullable);
    out += `  readonly ${propertyName(v.name)}${v.default === undefined ? "" : "?"}: ${type};\n`;
  }
  return `${out}}\n`;
}
