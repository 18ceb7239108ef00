// The functions a module's validation rules call: the only expressions of a module's variables
// that are given functions. With the library loaded in groups, a caller loads these groups (and
// no others) before checking the module.
import { type FunctionGroup, groupsProviding } from "@tofukit/functions";
import { functionCalls } from "@tofukit/hcl";
import type { LoadedModule } from "./load-module.js";
import type { ModuleTree } from "./module-tree.js";

/**
 * The function groups the conditions and error messages of `module`'s validation rules call, as
 * `groupsProviding` gives them (every group for a name the library does not have), for
 * `loadFunctions`. No group for a module without rules.
 */
export function ruleFunctionGroups(module: LoadedModule): FunctionGroup[] {
  const names: string[] = [];
  for (const decl of module.variables.values()) {
    for (const rule of decl.validations) {
      for (const expr of [rule.condition, rule.errorMessage]) {
        for (const call of functionCalls(expr)) names.push(call.name);
      }
    }
  }
  return groupsProviding(names);
}

/**
 * The function groups every expression a tree check evaluates may call: the validation rules of
 * every module, and the local values, arguments and repetition arguments of every module call.
 */
export function treeFunctionGroups(tree: ModuleTree): FunctionGroup[] {
  const names: string[] = [];
  for (const node of [tree.root, ...tree.modules]) {
    const m = node.module;
    const exprs = [
      ...[...m.variables.values()].flatMap((d) =>
        d.validations.flatMap((r) => [r.condition, r.errorMessage]),
      ),
      ...[...m.locals.values()].map((l) => l.expr),
      ...[...m.moduleCalls.values()].flatMap((c) => [
        ...c.arguments.map((a) => a.expr),
        ...[c.count, c.forEach, c.enabled].flatMap((x) => (x === undefined ? [] : [x.expr])),
      ]),
    ];
    for (const expr of exprs) for (const call of functionCalls(expr)) names.push(call.name);
  }
  return groupsProviding(names);
}
