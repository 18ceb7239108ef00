// The playground's second mode: a module tree — a root module and the modules it calls, as files
// after `# file: PATH` lines (or one variables.tf) — and the root's terraform.tfvars, checked as
// `tofukit check` checks a directory: a root without module calls with checkVariables, one with
// calls with loadModuleTree and checkModuleTree (module-tree-mode.ts, a chunk of its own loaded
// only for such a root): the root's values, then every call's arguments turned into the called
// module's final values, every call's problems in one run.
// The result is one `ADDRESS = value` line per variable, as `tofu console` renders the value.
// The page loads this module (and with it @tofukit/config) only when the module mode is first
// shown, and of the function library only the groups the module's expressions call.
import { checkVariablesWith, loadModule, type ModuleFile, ruleFunctionGroups } from "@tofukit/config";
import { consoleString, containsMarked, typeToJSON, valueToJSON } from "@tofukit/cty";
import { loadFunctions } from "@tofukit/functions";
import { errorDiag, type Pos } from "@tofukit/hcl";
import { typeString } from "@tofukit/typeexpr";
import type { ValueCheck } from "./check-value.js";
import { defaultsLines } from "./defaults-lines.js";
import { FILES_EDITOR, splitFiles, TFVARS_FILE } from "./module-files.js";
import type { Shown, TreeAnswer } from "./module-tree-mode.js";

/** As `tofukit check` shows a sensitive variable's value. */
const SENSITIVE = "(sensitive value)";

/** The position of `offset` in `text`, as hcl counts it (columns in code points, bytes in UTF-8). */
function posAt(text: string, offset: number): Pos {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return {
    line: before.split("\n").length,
    column: [...before.slice(lineStart)].length + 1,
    byte: new TextEncoder().encode(before).length,
  };
}

/** A root module that calls no module, checked as checkVariables checks it. */
async function checkRoot(
  root: ReturnType<typeof loadModule>,
  files: readonly ModuleFile[],
): Promise<TreeAnswer> {
  const functions = await loadFunctions(ruleFunctionGroups(root));
  const result = checkVariablesWith(root, { files }, () => functions);
  return {
    shown: result.variables.map((variable) => ({ address: `var.${variable.declaration.name}`, variable })),
    diagnostics: result.diagnostics,
    failed: result.diagnostics.some((d) => d.severity === "error"),
  };
}

/**
 * The configuration editor's files and the root's terraform.tfvars checked as `tofukit check`
 * checks a directory; a bad `# file:` line stops the check before anything is loaded.
 */
export async function checkModule(filesText: string, tfvarsText: string): Promise<ValueCheck> {
  const split = splitFiles(filesText);
  if (split.problems.length > 0) {
    return {
      diagnostics: split.problems.map((p) =>
        errorDiag(p.summary, p.detail, {
          filename: FILES_EDITOR,
          start: posAt(filesText, p.from),
          end: posAt(filesText, p.to),
        }),
      ),
    };
  }
  const rootFiles: ModuleFile[] = [
    ...split.files.filter((f) => !f.path.includes("/")).map((f) => ({ name: f.path, text: f.text })),
    { name: TFVARS_FILE, text: tfvarsText },
  ];
  const root = loadModule(rootFiles);
  const { shown, diagnostics, failed } =
    root.moduleCalls.size === 0
      ? await checkRoot(root, rootFiles)
      : await (await import("./module-tree-mode.js")).checkTree(root, rootFiles, split.files);
  const types: string[] = [];
  const defaults: string[] = [];
  for (const { address, variable } of shown) {
    const decl = variable.declaration;
    types.push(`${address}: ${typeString(decl.constraint.type)}`);
    if (decl.constraint.defaults !== null) {
      defaults.push(...defaultsLines(decl.constraint.defaults).map((line) => `${address}${line}`));
    }
  }
  const described = { typeString: types.join("\n"), defaults };
  if (failed) return { ...described, diagnostics };
  const withValue = shown.filter((s) => s.variable.value !== undefined);
  // A called module's value may hold a sensitive value of its caller's, at any depth.
  const hidden = ({ variable }: Shown) =>
    variable.declaration.sensitive || (variable.from === "module call" && containsMarked(variable.value!));
  return {
    ...described,
    console: withValue
      .map((s) => `${s.address} = ${hidden(s) ? SENSITIVE : consoleString(s.variable.value!)}`)
      .join("\n"),
    json: {
      value: withValue
        .map((s) => `${s.address} = ${hidden(s) ? SENSITIVE : valueToJSON(s.variable.value!)}`)
        .join("\n"),
      type: withValue
        .map((s) => `${s.address}: ${JSON.stringify(typeToJSON(s.variable.value!.type))}`)
        .join("\n"),
    },
    diagnostics,
  };
}
