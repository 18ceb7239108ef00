// The playground's second mode: a module's variables.tf and terraform.tfvars, loaded, gathered,
// converted and validated by @tofukit/config as OpenTofu does before a plan. The result is what
// `tofukit check` prints: one `var.NAME = value` per variable, as `tofu console` renders the value.
// The page loads this module (and with it @tofukit/config) only when the module mode is first
// shown, and of the function library only the groups the module's validation rules call, before
// the rules run: a module that never calls `regex` never downloads the regular-expression engine.
import { checkVariablesWith, loadModule, type ModuleFile, ruleFunctionGroups } from "@tofukit/config";
import { consoleString, typeToJSON, valueToJSON } from "@tofukit/cty";
import { loadFunctions } from "@tofukit/functions";
import { typeString } from "@tofukit/typeexpr";
import type { ValueCheck } from "./check-value.js";
import { defaultsLines } from "./defaults-lines.js";
import { TFVARS_FILE, VARIABLES_FILE } from "./module-files.js";

/** As `tofukit check` shows a sensitive variable's value. */
const SENSITIVE = "(sensitive value)";

/**
 * The module checked as `tofukit check` checks it, once the function groups its rules call are
 * loaded: a fresh table of them for every check, as checkVariables makes one.
 */
export async function checkModule(variablesText: string, tfvarsText: string): Promise<ValueCheck> {
  const files: ModuleFile[] = [
    { name: VARIABLES_FILE, text: variablesText },
    { name: TFVARS_FILE, text: tfvarsText },
  ];
  const module = loadModule(files);
  const functions = await loadFunctions(ruleFunctionGroups(module));
  const result = checkVariablesWith(module, { files }, () => functions);
  const types: string[] = [];
  const defaults: string[] = [];
  for (const decl of module.variables.values()) {
    types.push(`var.${decl.name}: ${typeString(decl.constraint.type)}`);
    if (decl.constraint.defaults !== null) {
      defaults.push(...defaultsLines(decl.constraint.defaults).map((line) => `var.${decl.name}${line}`));
    }
  }
  const described = { typeString: types.join("\n"), defaults };
  if (result.diagnostics.some((d) => d.severity === "error")) {
    return { ...described, diagnostics: result.diagnostics };
  }
  const shown = result.variables.filter((v) => v.value !== undefined);
  return {
    ...described,
    console: shown
      .map(
        (v) => `var.${v.declaration.name} = ${v.declaration.sensitive ? SENSITIVE : consoleString(v.value!)}`,
      )
      .join("\n"),
    json: {
      value: shown
        .map(
          (v) => `var.${v.declaration.name} = ${v.declaration.sensitive ? SENSITIVE : valueToJSON(v.value!)}`,
        )
        .join("\n"),
      type: shown
        .map((v) => `var.${v.declaration.name}: ${JSON.stringify(typeToJSON(v.value!.type))}`)
        .join("\n"),
    },
    diagnostics: result.diagnostics,
  };
}
