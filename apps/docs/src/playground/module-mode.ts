// The playground's second mode: a module tree — a root module and the modules it calls, as files
// after `# file: PATH` lines (or one variables.tf) — and the root's terraform.tfvars, loaded with
// @tofukit/config's loadModuleTree through a reader of those files, then checked with
// checkModuleTree as `tofukit check` checks a directory: the root's values, then every call's
// arguments turned into the called module's final values, every call's problems in one run.
// The result is one `ADDRESS = value` line per variable, as `tofu console` renders the value.
// The page loads this module (and with it @tofukit/config) only when the module mode is first
// shown, and of the function library only the groups the tree's expressions call.
import {
  type CheckedVariable,
  checkModuleTreeWith,
  DYNAMIC_SOURCE,
  loadModule,
  loadModuleTree,
  type ModuleFile,
  treeFunctionGroups,
} from "@tofukit/config";
import { consoleString, containsMarked, typeToJSON, valueToJSON } from "@tofukit/cty";
import { functionGroups, loadFunctions } from "@tofukit/functions";
import type { Pos } from "@tofukit/hcl";
import { typeString } from "@tofukit/typeexpr";
import type { PlaygroundDiagnostic, ValueCheck } from "./check-value.js";
import { defaultsLines } from "./defaults-lines.js";
import { dirOf, FILES_EDITOR, splitFiles, TFVARS_FILE } from "./module-files.js";

/** As `tofukit check` shows a sensitive variable's value. */
const SENSITIVE = "(sensitive value)";
const MANIFEST = ".terraform/modules/modules.json";

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

/** A variable of the check, with its address: `var.x` for the root's, `module.a.var.x` below. */
interface Shown {
  readonly address: string;
  readonly variable: CheckedVariable;
}

/**
 * The tree checked as `tofukit check` checks it, once the function groups its expressions call
 * are loaded (every group when a call's source is an expression: what it loads is not known yet).
 */
export async function checkModule(filesText: string, tfvarsText: string): Promise<ValueCheck> {
  const split = splitFiles(filesText);
  if (split.problems.length > 0) {
    return {
      diagnostics: split.problems.map((p) => ({
        severity: "error",
        summary: p.summary,
        detail: p.detail,
        subject: {
          filename: FILES_EDITOR,
          start: posAt(filesText, p.from),
          end: posAt(filesText, p.to),
        },
      })),
    };
  }
  const byDir = new Map<string, ModuleFile[]>();
  for (const f of split.files) {
    const dir = dirOf(f.path);
    // The root's files are named as `tofukit check DIR` names them; the others by their path.
    const file = { name: f.path, text: f.text };
    byDir.set(dir, [...(byDir.get(dir) ?? []), file]);
  }
  const rootFiles: ModuleFile[] = [...(byDir.get(".") ?? []), { name: TFVARS_FILE, text: tfvarsText }];
  const paths = split.files.map((f) => f.path);
  const tree = loadModuleTree(loadModule(rootFiles), {
    // A directory exists when a file is in it or below it.
    readModule: (dir) => byDir.get(dir) ?? (paths.some((p) => p.startsWith(`${dir}/`)) ? [] : undefined),
    readManifest: () => split.files.find((f) => f.path === MANIFEST)?.text,
  });
  const dynamic = tree.unchecked.some((u) => u.reason === DYNAMIC_SOURCE);
  const groups = dynamic
    ? (Object.keys(functionGroups) as (keyof typeof functionGroups)[])
    : treeFunctionGroups(tree);
  const functions = await loadFunctions(groups);
  const result = checkModuleTreeWith(tree, { files: rootFiles, functionTable: functions }, () => functions);

  const shown: Shown[] = [
    ...result.root.variables.map((variable) => ({ address: `var.${variable.declaration.name}`, variable })),
    ...result.instances.flatMap((m) =>
      m.variables.map((variable) => ({ address: `${m.address}.var.${variable.declaration.name}`, variable })),
    ),
  ];
  const types: string[] = [];
  const defaults: string[] = [];
  for (const { address, variable } of shown) {
    const decl = variable.declaration;
    types.push(`${address}: ${typeString(decl.constraint.type)}`);
    if (decl.constraint.defaults !== null) {
      defaults.push(...defaultsLines(decl.constraint.defaults).map((line) => `${address}${line}`));
    }
  }
  const diagnostics: PlaygroundDiagnostic[] = [
    ...result.diagnostics,
    // A call whose module is not in the text is said, never passed over.
    ...result.unchecked.map((u) => ({
      severity: "warning" as const,
      summary: `${u.address} not checked`,
      detail: `${u.source === undefined ? "" : `${u.source}: `}${u.reason}.`,
      subject: u.range,
    })),
  ];
  const described = { typeString: types.join("\n"), defaults };
  if (result.diagnostics.some((d) => d.severity === "error")) return { ...described, diagnostics };
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
