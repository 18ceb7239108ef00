// `tofukit check` of a configuration that calls modules: the root's variables, then every module
// call down the tree, each call's arguments checked against its module's variables and turned
// into their final values. Calls whose modules cannot be read are listed with the reason.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CheckedVariable,
  checkModuleTreeWith,
  loadModuleTree,
  type ModuleTree,
  type ModuleTreeCheck,
  treeFunctionGroups,
  type VariableArg,
} from "@tofukit/config";
import {
  ConfigReadError,
  type ModuleDirectory,
  nodeFunctionOptions,
  nodeModuleTreeReader,
} from "@tofukit/config/node";
import type { FunctionTable } from "@tofukit/cty";
import { diagnosticToJSON, limitDiagnostics } from "@tofukit/hcl";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { uncheckedReason } from "../module/unchecked-reason.js";
import { writeJSONAnswer } from "../render/json-output.js";
import { writeDiagnostics } from "../render/problem.js";
import {
  type CheckCommandOptions,
  plural,
  showValue,
  variableJSON,
  writeRootValues,
  writeRuleNotes,
} from "./check.js";

/** `terraform.workspace` as OpenTofu finds it: TF_WORKSPACE, else .terraform/environment, else "default". */
function currentWorkspace(dir: string, env: Readonly<Record<string, string | undefined>>): string {
  const fromEnv = env.TF_WORKSPACE;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  try {
    const name = readFileSync(join(dir, ".terraform", "environment"), "utf8").trim();
    return name === "" ? "default" : name;
  } catch {
    return "default";
  }
}

function hasRules(tree: ModuleTree): boolean {
  return [tree.root, ...tree.modules].some((n) =>
    [...n.module.variables.values()].some((v) => v.validations.length > 0),
  );
}

/** Every variable of the check by address: the root's (`var.x`), then each instance's. */
function variablesByAddress(result: ModuleTreeCheck): Map<string, CheckedVariable> {
  const out = new Map<string, CheckedVariable>();
  for (const v of result.root.variables) out.set(`var.${v.declaration.name}`, v);
  for (const instance of result.instances) {
    for (const v of instance.variables) out.set(`${instance.address}.var.${v.declaration.name}`, v);
  }
  return out;
}

export async function runTreeCheck(
  options: CheckCommandOptions,
  io: CommandIO,
  dir: string,
  loaded: ModuleDirectory,
  args: VariableArg[],
): Promise<number> {
  let tree: ModuleTree;
  try {
    if (options.download === true) {
      const { loadTreeWithDownloads } = await import("./check-download.js");
      tree = await loadTreeWithDownloads(io, dir, loaded.module, options.cacheDir, options.ca ?? []);
    } else tree = loadModuleTree(loaded.module, nodeModuleTreeReader(dir));
  } catch (error) {
    if (!(error instanceof ConfigReadError)) throw error;
    throw new UsageError(error.message.replace(dir, options.dir));
  }
  // The function library is loaded only when something calls a function or a rule is to run,
  // and then only the groups of the functions called.
  const validation = options.validation !== false;
  // A call whose source is an expression loads its module during the check, so what that module
  // calls is not known beforehand: such a tree loads every group.
  const dynamicSources = tree.unchecked.some((u) => u.code === "dynamic-source");
  const groups = treeFunctionGroups(tree);
  let functionTable: FunctionTable | undefined;
  if (groups.length > 0 || dynamicSources || (validation && hasRules(tree))) {
    const { functionGroups, loadFunctions } = await import("@tofukit/functions");
    const all = Object.keys(functionGroups) as (keyof typeof functionGroups)[];
    functionTable = await loadFunctions(dynamicSources ? all : groups, nodeFunctionOptions(dir));
  }
  const result = checkModuleTreeWith(
    tree,
    {
      files: loaded.files,
      args,
      env: io.env,
      validation,
      // `path.cwd` is where tofu runs: the root module's directory.
      cwd: dir,
      workspace: currentWorkspace(dir, io.env),
      ...(functionTable === undefined ? {} : { functionTable }),
    },
    () => ({}),
  );
  const failed = result.diagnostics.some((d) => d.severity === "error");
  const notes = () => {
    for (const u of result.unchecked) {
      io.stderr.write(
        io.err.dim(
          `${u.address} not checked${u.source === undefined ? "" : ` (${u.source})`}: ${uncheckedReason(u, true)}.\n`,
        ),
      );
    }
    writeRuleNotes(io, result.rules);
  };
  if (options.show !== undefined) return showValue(options, io, result, variablesByAddress(result), notes);

  if (options.json) {
    writeJSONAnswer(io, {
      valid: !failed,
      variables: result.root.variables.map(variableJSON),
      modules: result.instances.map((m) => ({
        address: m.address,
        dir: m.node.dir,
        variables: m.variables.map(variableJSON),
      })),
      unchecked: result.unchecked.map((u) => ({
        address: u.address,
        source: u.source ?? null,
        code: u.code,
        reason: uncheckedReason(u, true),
      })),
      diagnostics: limitDiagnostics(result.diagnostics).map(diagnosticToJSON),
    });
    return failed ? EXIT_INVALID : EXIT_OK;
  }

  writeDiagnostics(io, limitDiagnostics(result.diagnostics), result.sources);
  if (!failed) {
    writeRootValues(io, result.root.variables);
  }
  notes();
  const variables =
    result.root.variables.length + result.instances.reduce((n, m) => n + m.variables.length, 0);
  const modules = 1 + new Set(result.modules.map((m) => m.dir)).size;
  const calls = result.modules.length;
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const { run, undecided } = result.rules;
  const scope = `${plural(variables, "variable")} in ${plural(modules, "module")} (${plural(calls, "module call")})`;
  const fits =
    run > 0
      ? `every value fits its type constraint and passes ${plural(run - undecided, "validation rule")}`
      : "every value fits its type constraint";
  io.stderr.write(
    failed
      ? io.err.red(`✘ ${plural(errors, "problem")} with ${scope}.\n`)
      : io.err.green(`✔ ${scope}: ${fits}.\n`),
  );
  return failed ? EXIT_INVALID : EXIT_OK;
}
