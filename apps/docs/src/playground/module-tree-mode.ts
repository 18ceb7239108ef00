// The module mode's check of a root module that calls modules: the tree loaded with
// loadModuleTree through a reader of the configuration editor's files (a module directory is the
// files under its path; `.terraform/modules/modules.json` is read as the manifest of installed
// modules), then checked with checkModuleTree. A chunk of its own: a module without calls never
// loads it.
import {
  type CheckedVariable,
  checkModuleTreeWith,
  type LoadedModule,
  loadModuleTree,
  type ModuleFile,
  treeFunctionGroups,
  type UncheckedCall,
} from "@tofukit/config";
import { functionGroups, loadFunctions } from "@tofukit/functions";
import { type Diagnostic, warningDiag } from "@tofukit/hcl";
import { dirOf, type TreeFile } from "./module-files.js";

const MANIFEST = ".terraform/modules/modules.json";

/**
 * Why a call is not checked, with what can be done here: the browser downloads nothing, so a
 * module that is not installed is to be written into the text, as `tofu init` would install it.
 * A reason that ends in a parenthesis takes the advice inside it.
 */
function reasonHere(call: UncheckedCall): string {
  if (call.code !== "not-installed") return call.reason;
  const advice = `the playground downloads nothing, so add the module's files and its entry in ${MANIFEST}`;
  return call.reason.endsWith(")") ? `${call.reason.slice(0, -1)}: ${advice})` : `${call.reason} (${advice})`;
}

/** A variable of the check, with its address: `var.x` for the root's, `module.a.var.x` below. */
export interface Shown {
  readonly address: string;
  readonly variable: CheckedVariable;
}

export interface TreeAnswer {
  readonly shown: readonly Shown[];
  readonly diagnostics: readonly Diagnostic[];
  /** Whether an error was found (a call left unchecked is said, but is no error). */
  readonly failed: boolean;
}

/**
 * The tree checked as `tofukit check` checks it, once the function groups its expressions call
 * are loaded (every group when a call's source is an expression: what it loads is not known yet).
 */
export async function checkTree(
  root: LoadedModule,
  rootFiles: readonly ModuleFile[],
  files: readonly TreeFile[],
): Promise<TreeAnswer> {
  const byDir = new Map<string, ModuleFile[]>();
  for (const f of files) {
    const dir = dirOf(f.path);
    byDir.set(dir, [...(byDir.get(dir) ?? []), { name: f.path, text: f.text }]);
  }
  const tree = loadModuleTree(root, {
    // A directory exists when a file is in it or below it.
    readModule: (dir) => byDir.get(dir) ?? (files.some((f) => f.path.startsWith(`${dir}/`)) ? [] : undefined),
    readManifest: () => files.find((f) => f.path === MANIFEST)?.text,
  });
  const dynamic = tree.unchecked.some((u) => u.code === "dynamic-source");
  const groups = dynamic
    ? (Object.keys(functionGroups) as (keyof typeof functionGroups)[])
    : treeFunctionGroups(tree);
  const functions = await loadFunctions(groups);
  const result = checkModuleTreeWith(tree, { files: rootFiles, functionTable: functions }, () => functions);
  return {
    shown: [
      ...result.root.variables.map((variable) => ({ address: `var.${variable.declaration.name}`, variable })),
      ...result.instances.flatMap((m) =>
        m.variables.map((variable) => ({
          address: `${m.address}.var.${variable.declaration.name}`,
          variable,
        })),
      ),
    ],
    diagnostics: [
      ...result.diagnostics,
      // A call whose module is not in the text is said, never passed over.
      ...result.unchecked.map((u) =>
        warningDiag(
          `${u.address} not checked`,
          `${u.source === undefined ? "" : `${u.source}: `}${reasonHere(u)}.`,
          u.range,
        ),
      ),
    ],
    failed: result.diagnostics.some((d) => d.severity === "error"),
  };
}
