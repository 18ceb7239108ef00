// A module instance's local values, each evaluated once, the first time something needs it, so
// that they come in dependency order: a local that refers to itself is OpenTofu's
// "Self-referencing local value", a longer loop its graph's "Cycle: …" error; either way the
// value is unknown and the check goes on.
import { dynamicVal, type Value } from "@tofukit/cty";
import { type Diagnostic, errorDiag, evaluate, variables } from "@tofukit/hcl";
import type { LocalValue } from "./decode-locals.js";
import type { FunctionsFor } from "./expand-module-call.js";
import { expressionContext, type ScopeData } from "./module-scope.js";
import type { Range } from "./variable-declaration.js";

/**
 * The function that gives a local's value in `scope` (whose own `local` it becomes). `address`
 * prefixes names in cycle messages (`module.a.`, or "" for the root).
 */
export function localValues(
  locals: ReadonlyMap<string, LocalValue>,
  scope: (local: (name: string, at: Range) => Value) => ScopeData,
  functions: FunctionsFor,
  address: string,
  diags: Diagnostic[],
): { readonly get: (name: string, at: Range) => Value; readonly all: () => ReadonlyMap<string, Value> } {
  const done = new Map<string, Value>();
  const stack: string[] = [];
  const reported = new Set<string>();
  let data: ScopeData | undefined;

  const get = (name: string, at: Range): Value => {
    const known = done.get(name);
    if (known !== undefined) return known;
    const local = locals.get(name);
    if (local === undefined) return dynamicVal;
    const onStack = stack.indexOf(name);
    if (onStack >= 0) {
      const members = stack.slice(onStack);
      const key = [...members].sort().join(",");
      if (!reported.has(key)) {
        reported.add(key);
        diags.push(
          errorDiag(`Cycle: ${members.map((m) => `${address}local.${m} (expand)`).join(", ")}`, "", at),
        );
      }
      return dynamicVal;
    }
    const selfRefs = variables(local.expr).filter((r) => {
      const root = r.traversal[0];
      const step = r.traversal[1];
      return root?.kind === "root" && root.name === "local" && step?.kind === "attr" && step.name === name;
    });
    if (selfRefs.length > 0) {
      for (const ref of selfRefs) {
        diags.push(
          errorDiag(
            "Self-referencing local value",
            `Local value local.${name} cannot use its own result as part of its expression.`,
            ref.range,
            local.expr.range,
          ),
        );
      }
      done.set(name, dynamicVal);
      return dynamicVal;
    }
    stack.push(name);
    data ??= scope(get);
    const context = expressionContext(local.expr, data, diags);
    const table = functions(local.expr);
    const result = evaluate(
      local.expr,
      table === undefined ? { variables: context } : { variables: context, functions: table },
    );
    stack.pop();
    for (const item of result.diagnostics) diags.push(item);
    // A local caught in a cycle is unknown until the loop is broken.
    const value = done.get(name) ?? result.value;
    done.set(name, value);
    return value;
  };

  return {
    get,
    all: () => {
      for (const local of locals.values()) get(local.name, local.nameRange);
      return done;
    },
  };
}
