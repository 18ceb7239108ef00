// Traversals: a variable and the steps after it (`var.tags["env"]`, hcl's TraverseAbs), and the
// steps after any expression (`f(x).name`, TraverseRel). Each step's diagnostics come from
// index-ops.ts, as hcl.GetAttr and hcl.Index give them (as do those of `coll[key]`, evaluated in
// evaluator.ts).
import { dynamicVal, type Value } from "@tofukit/cty";
import type { Traverser } from "./ast.js";
import { lookupVariable, type Scope, ScopeEvaluator } from "./eval-scope.js";
import { getAttrValue, indexValue } from "./index-ops.js";
import { literalValue } from "./literal-value.js";

export abstract class TraversalEvaluator extends ScopeEvaluator {
  protected scopeTraversal(traversal: readonly Traverser[], scope: Scope | null): Value {
    const root = traversal[0]!;
    if (root.kind !== "root") return dynamicVal;
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      if (s.vars === null) continue;
      const v = lookupVariable(s.vars, root.name);
      if (v !== undefined) return this.traverse(v, traversal, 1);
    }
    return this.missingVariable(root, scope);
  }

  /** The steps of a traversal from `from` on (hcl's TraverseRel): the first error ends it. */
  protected traverse(start: Value, steps: readonly Traverser[], from: number): Value {
    let v = start;
    for (let i = from; i < steps.length; i++) {
      const step = steps[i]!;
      const before = this.diags.length;
      if (step.kind === "attr") v = getAttrValue(v, step.name, step, this.diags);
      else if (step.kind === "index") {
        const key = step.key.type === "number" ? this.number(step.key.text) : literalValue(step.key);
        v = indexValue(v, key, step, this.diags);
      } else break;
      if (this.diags.length > before) return dynamicVal;
    }
    return v;
  }
}
