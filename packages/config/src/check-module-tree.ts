// A whole module tree checked as `tofu plan` would check it before creating anything: the root's
// variables from its .tfvars, -var and TF_VAR_ values; then, module instance by module instance,
// local values, each call's arguments against the child's variables (unsupported and missing
// arguments), each argument evaluated in the caller's scope and made the child's final value
// (defaults, conversion, nullability), the child's validation rules, and on down the tree.
//
// Unlike OpenTofu, which stops at the first module call with argument errors, every call's
// problems are reported in one run.
import {
  type FunctionTable,
  unknownVal,
  unmarkedVal,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import { type Diagnostic, functionCalls, warningDiag } from "@tofukit/hcl";
import { bodyContentProblems } from "./body-content.js";
import {
  type CheckedVariable,
  type CheckOptions,
  type CheckResult,
  checkVariablesWith,
} from "./check-variables.js";
import { constantString } from "./decode-module-call.js";
import { discardedAttributeWarnings } from "./discarded-attributes.js";
import { localValues } from "./evaluate-locals.js";
import { evaluateIn, expandModuleCall, type FunctionsFor, unknownInstances } from "./expand-module-call.js";
import { inModule } from "./in-module.js";
import type { ScopeData } from "./module-scope.js";
import type { FollowedCall, ModuleNode, ModuleTree, UncheckedCall } from "./module-tree.js";
import { moduleVariableValue } from "./module-variable-value.js";
import { type RuleCounts, validateVariables } from "./validate-variables.js";
import type { VariableDeclaration } from "./variable-declaration.js";

export interface ModuleTreeCheckOptions extends CheckOptions {
  /** `terraform.workspace` (default "default"). */
  readonly workspace?: string;
}

/** One instance of a called module, with the final values of its variables. */
export interface CheckedModuleInstance {
  /**
   * `module.a[0].module.b`. A repeated call whose number of instances is not known is checked
   * once, with unknown `count.index` or `each.*`, under the call's address without a key.
   */
  readonly address: string;
  readonly node: ModuleNode;
  readonly variables: readonly CheckedVariable[];
  readonly locals: ReadonlyMap<string, Value>;
}

export interface ModuleTreeCheck {
  /** The root module's variables, checked as checkVariables checks them. */
  readonly root: CheckResult;
  readonly tree: ModuleTree;
  /**
   * Every module node checked: the tree's, and those of calls whose source is an expression,
   * which the check evaluates and follows.
   */
  readonly modules: readonly ModuleNode[];
  /** Every instance of every called module, parents before their children. */
  readonly instances: readonly CheckedModuleInstance[];
  /** The calls whose modules could not be loaded, and why. */
  readonly unchecked: readonly UncheckedCall[];
  /** The root's problems, then the tree's, each with the module instance it is about. */
  readonly diagnostics: readonly Diagnostic[];
  /** The final value of every variable by address (`var.region`, `module.a.var.x`). */
  readonly values: ReadonlyMap<string, Value | undefined>;
  readonly sources: ReadonlyMap<string, string>;
  /** The validation rules of the root and of every module instance. */
  readonly rules: RuleCounts;
}

/**
 * The most module instances a check expands; past it a repeated call is checked once with
 * unknown keys, so that repeated calls within repeated calls cannot make a check run for long.
 */
const MAX_INSTANCES = 10_000;

/** Where a value is unknown: of the variable's type, as OpenTofu's validate walk has it. */
function unknownOf(decl: VariableDeclaration): Value {
  return unknownVal(withoutOptionalAttributesDeep(decl.constraint.type));
}

function diagnosticKey(d: Diagnostic): string {
  const s = d.subject;
  return `${d.severity}\u0000${d.summary}\u0000${d.detail}\u0000${s === undefined ? "" : `${s.filename}:${s.start.byte}-${s.end.byte}`}\u0000${d.extra?.module ?? ""}`;
}

/** Checks the root's variables and every module instance the tree calls. */
export function checkModuleTreeWith(
  tree: ModuleTree,
  options: ModuleTreeCheckOptions,
  functions: () => FunctionTable,
): ModuleTreeCheck {
  let table: FunctionTable | undefined = options.functionTable;
  const lazyFunctions = () => {
    table ??= functions();
    return table;
  };
  const functionsFor: FunctionsFor = (expr) =>
    table ?? (functionCalls(expr).length > 0 ? lazyFunctions() : undefined);
  const root = checkVariablesWith(tree.root.module, options, lazyFunctions);
  const diagnostics: Diagnostic[] = [...root.diagnostics];
  const seen = new Set(diagnostics.map(diagnosticKey));
  const report = (d: Diagnostic, module: string) => {
    const item = inModule(d, module);
    const key = diagnosticKey(item);
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.push(item);
  };
  for (const d of tree.diagnostics) report(d, d.extra?.module ?? "");
  const values = new Map<string, Value | undefined>();
  for (const v of root.variables) values.set(`var.${v.declaration.name}`, v.value);
  const instances: CheckedModuleInstance[] = [];
  const unchecked: UncheckedCall[] = [...tree.unchecked];
  const modules: ModuleNode[] = [...tree.modules];
  const followedSources = new Map<string, FollowedCall>();
  const rules = { ...root.rules };
  const cwd = options.cwd ?? ".";
  const workspace = options.workspace ?? "default";
  const validation = options.validation !== false;

  /** Evaluates a module instance's locals and checks its calls; gives the locals' values. */
  const visit = (
    node: ModuleNode,
    address: string,
    finalValues: ReadonlyMap<string, Value>,
  ): ReadonlyMap<string, Value> => {
    const module = node.module;
    const diags: Diagnostic[] = [];
    const base = (local: ScopeData["local"]): ScopeData => ({
      moduleName: address === "" ? "the root module" : address,
      declarations: module.variables,
      values: finalValues,
      localNames: new Set(module.locals.keys()),
      local,
      callNames: new Set(module.moduleCalls.keys()),
      modulePath: node.dir,
      cwd,
      workspace,
      instance: { kind: "none" },
    });
    const locals = localValues(module.locals, base, functionsFor, address === "" ? "" : `${address}.`, diags);
    const scope = base(locals.get);
    const localMap = locals.all();
    for (const d of diags) report(d, address);

    // Calls whose source is an expression: evaluated here, statically, as OpenTofu's config
    // loader does, and their modules loaded now.
    const followed: ModuleNode[] = [];
    for (const call of module.moduleCalls.values()) {
      if (call.source === undefined || constantString(call.source.expr) !== undefined) continue;
      const sourceDiags: Diagnostic[] = [];
      const { value } = evaluateIn(
        call.source.expr,
        { ...scope, staticContext: true },
        functionsFor,
        sourceDiags,
      );
      for (const d of sourceDiags) report(d, address);
      const source = unmarkedVal(value);
      const callPath = [...node.path, call.name].map((p) => `module.${p}`).join(".");
      const stillUnchecked = unchecked.findIndex(
        (u) => u.address === callPath && u.code === "dynamic-source",
      );
      if (!source.isKnown || source.isNull || source.type.kind !== "string") {
        if (stillUnchecked >= 0) {
          unchecked[stillUnchecked] = {
            ...unchecked[stillUnchecked]!,
            ...(sourceDiags.length > 0
              ? { code: "source-error", reason: "its source could not be evaluated" }
              : { code: "unknown-source", reason: "its source is not known before a plan" }),
          };
        }
        continue;
      }
      if (stillUnchecked >= 0) unchecked.splice(stillUnchecked, 1);
      // Each instance of the caller evaluates the source; a module is loaded once per source.
      const key = `${callPath}\u0000${source.asString()}`;
      let result = followedSources.get(key);
      if (result === undefined) {
        result = tree.followSource(node, call, source.asString());
        followedSources.set(key, result);
        for (const d of result.diagnostics) report(d, d.extra?.module ?? "");
        for (const u of result.unchecked) unchecked.push(u);
        for (const m of result.modules) modules.push(m);
      }
      if (result.node !== undefined) followed.push(result.node);
    }

    for (const child of [...node.children, ...followed]) {
      const call = child.call!;
      const callAddress = `${address === "" ? "" : `${address}.`}module.${call.name}`;
      const childVars = child.module.variables;
      const callDiags: Diagnostic[] = [];
      // Body.Content against the child's variables: once per call, as the graph is built.
      const schema = {
        attributes: [...childVars.values()].map((v) => ({
          name: v.name,
          required: v.defaultValue === undefined && !v.defaultInvalid,
        })),
        blocks: [],
      };
      for (const d of bodyContentProblems(
        {
          attributes: call.arguments,
          blocks: call.blocks,
          missingItemRange: call.missingItemRange,
          problems: [],
          syntax: call.syntax,
        },
        schema,
      )) {
        callDiags.push(d);
      }
      for (const arg of call.arguments) {
        const decl = childVars.get(arg.name);
        if (decl?.deprecated !== undefined) {
          callDiags.push(
            warningDiag(
              "Variable marked as deprecated by the module author",
              `Variable ${JSON.stringify(decl.name)} is marked as deprecated with the following message:\n${decl.deprecated}`,
              arg.expr.range,
            ),
          );
        }
        if (decl !== undefined) {
          for (const d of discardedAttributeWarnings(arg.expr, decl.constraint.type, decl.name))
            callDiags.push(d);
        }
      }
      for (const d of callDiags) report(d, callAddress);

      const expandDiags: Diagnostic[] = [];
      let expanded = expandModuleCall(call, scope, functionsFor, expandDiags);
      if (instances.length + expanded.length > MAX_INSTANCES) expanded = unknownInstances(call);
      for (const d of expandDiags) report(d, callAddress);
      for (const instance of expanded) {
        const instanceAddress = `${callAddress}${instance.key}`;
        checkInstance(child, instanceAddress, { ...scope, instance: instance.keys });
      }
    }
    return localMap;
  };

  const checkInstance = (child: ModuleNode, instanceAddress: string, callerScope: ScopeData) => {
    const call = child.call!;
    const diags: Diagnostic[] = [];
    const given = new Map<string, { value: Value; expr: (typeof call.arguments)[number]["expr"] }>();
    for (const arg of call.arguments) {
      if (!child.module.variables.has(arg.name)) continue;
      const { value } = evaluateIn(arg.expr, callerScope, functionsFor, diags);
      given.set(arg.name, { value, expr: arg.expr });
    }
    const checked: CheckedVariable[] = [];
    const finalValues = new Map<string, Value>();
    for (const decl of child.module.variables.values()) {
      const arg = given.get(decl.name);
      const variableAddress = `${instanceAddress}.var.${decl.name}`;
      const value = moduleVariableValue(variableAddress, decl, arg, diags);
      checked.push({
        declaration: decl,
        value,
        from: arg === undefined ? (decl.defaultValue === undefined ? "unset" : "default") : "module call",
        ...(arg === undefined ? {} : { expression: arg.expr.range }),
      });
      finalValues.set(decl.name, value ?? unknownOf(decl));
      values.set(variableAddress, value);
    }
    for (const d of diags) report(d, instanceAddress);
    const allRules = checked.reduce((n, v) => n + v.declaration.validations.length, 0);
    if (!validation) rules.skipped += allRules;
    else if (allRules > 0) {
      const validated = validateVariables(
        checked,
        { modulePath: child.dir, rootPath: ".", cwd, functionTable: lazyFunctions() },
        lazyFunctions,
      );
      for (const d of validated.diagnostics) report(d, instanceAddress);
      rules.run += validated.rules.run;
      rules.undecided += validated.rules.undecided;
      rules.blocked += validated.rules.blocked;
    }
    const at = instances.length;
    instances.push({ address: instanceAddress, node: child, variables: checked, locals: new Map() });
    const locals = visit(child, instanceAddress, finalValues);
    instances[at] = { ...instances[at]!, locals };
  };

  const rootValues = new Map<string, Value>();
  for (const v of root.variables) rootValues.set(v.declaration.name, v.value ?? unknownOf(v.declaration));
  visit(tree.root, "", rootValues);
  const sources = new Map(root.sources);
  for (const m of modules) for (const [name, text] of m.module.sources) sources.set(name, text);
  return {
    root,
    tree,
    instances,
    modules,
    unchecked,
    diagnostics,
    values,
    sources,
    rules,
  };
}
