// The evaluator behind evaluate() and evaluateExpression(): hclsyntax's Expression.Value(ctx)
// for every kind of expression, on cty's exact numbers, with hcl's diagnostics and ranges, its
// handling of unknown values, and marks carried from operands to results.
//
// It is built in layers, each in its own file and each building on the one before, as
// hclsyntax's expressions are split by concern: eval-scope.ts (variables in scope, diagnostics)
// → eval-traversal.ts → eval-for.ts (`for` and splats) → eval-template.ts → eval-call.ts →
// eval-conditional.ts → eval-operator.ts → eval-collection.ts (object constructors) → here,
// where each kind of expression is handed to its layer. Only this class is ever made, so every
// call between the layers sees one kind of receiver. The few kinds that are a line or two (a
// literal, a tuple's elements, `coll[key]`, a relative traversal, a splat's item) are evaluated
// in the switch itself: this is the hottest path, and a call for each costs there.
import { dynamicVal, tupleVal, type Value } from "@tofukit/cty";
import type { Expression } from "./ast.js";
import { CollectionEvaluator } from "./eval-collection.js";
import type { Scope } from "./eval-scope.js";
import { indexValue } from "./index-ops.js";
import { literalValue } from "./literal-value.js";

export type { Scope, VariableTable } from "./eval-scope.js";

export class Evaluator extends CollectionEvaluator {
  eval(expr: Expression, scope: Scope | null): Value {
    switch (expr.kind) {
      case "literal": {
        const lit = expr.value;
        if (lit.type === "unknown" && lit.parseDiagnostics !== undefined) this.pushAll(lit.parseDiagnostics);
        return lit.type === "number" ? this.number(lit.text) : literalValue(lit);
      }
      case "parentheses":
        return this.eval(expr.expr, scope);
      case "objectKey":
        return this.objectKeyValue(expr, scope);
      case "templateWrap":
        return this.eval(expr.wrapped, scope);
      case "template":
        return this.template(expr, scope);
      case "templateJoin":
        return this.templateJoin(expr, scope);
      case "scopeTraversal":
        return this.scopeTraversal(expr.traversal, scope);
      case "relativeTraversal":
        return this.traverse(this.eval(expr.source, scope), expr.traversal, 0);
      case "call":
        return this.call(expr, scope);
      case "conditional":
        return this.conditional(expr, scope);
      case "binaryOp":
        return this.binaryChain(expr, scope);
      case "unaryOp":
        return this.unaryOp(expr, scope);
      case "tuple": {
        const exprs = expr.exprs;
        const values: Value[] = new Array(exprs.length);
        for (let i = 0; i < exprs.length; i++) values[i] = this.eval(exprs[i]!, scope);
        return tupleVal(values);
      }
      case "object":
        return this.object(expr.items, scope);
      case "for":
        return this.forExpr(expr, scope);
      case "index": {
        const coll = this.eval(expr.collection, scope);
        const key = this.eval(expr.key, scope);
        return indexValue(coll, key, expr.bracketRange, this.diags);
      }
      case "splat":
        return this.splat(expr, scope);
      case "anonSymbol":
        return this.anon?.get(expr) ?? dynamicVal;
    }
  }
}
