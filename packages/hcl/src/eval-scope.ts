// The ground the evaluator's layers stand on (eval-traversal.ts up to evaluator.ts build on it):
// the variables in scope, the diagnostics an evaluation collects, the evaluation of an operand
// with its diagnostics kept apart, number literals, and the value helpers every layer uses.
//
// Diagnostics go to one array as they are found; where hclsyntax keeps an operand's diagnostics
// apart (to drop them or to put its own first), they are cut off the end of that array.
import {
  type CtyFunction,
  dynamicVal,
  type FunctionTable,
  markedVal,
  numberVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import type { AnonSymbolExpr, Expression, Traverser } from "./ast.js";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import { type DiagnosticRope, NO_DIAGNOSTICS } from "./diagnostic-rope.js";
import { nameSuggestion } from "./name-suggestion.js";
import type { Range } from "./pos.js";

/** Variables by name: a Map or a plain object (own properties only). */
export type VariableTable = ReadonlyMap<string, Value> | { readonly [name: string]: Value };

/**
 * Variables in scope, innermost first. `vars` null is HCL's nil Variables map: no variable may
 * be used. `child` marks the scopes `for` expressions open.
 */
export interface Scope {
  readonly vars: VariableTable | null;
  readonly parent: Scope | null;
  readonly child: boolean;
}

/** The variable `name` of one table, or undefined when the table has none of that name. */
export function lookupVariable(vars: VariableTable, name: string): Value | undefined {
  if (vars instanceof Map) return (vars as ReadonlyMap<string, Value>).get(name);
  const plain = vars as { readonly [name: string]: Value };
  return Object.hasOwn(plain, name) ? plain[name] : undefined;
}

function variableNames(vars: VariableTable): Iterable<string> {
  return vars instanceof Map ? (vars as ReadonlyMap<string, Value>).keys() : Object.keys(vars);
}

/** cty's `True()`: known, not null, true. */
export function isTrue(v: Value): boolean {
  return v.isKnown && !v.isNull && v.type.kind === "bool" && v.asBool();
}

/** All of `marks` on `v`. */
export function remark(v: Value, marks: ReadonlySet<string>): Value {
  return marks.size === 0 ? v : markedVal(v, marks);
}

// Shared by every evaluation rather than kept per Evaluator: a file's attributes are evaluated one
// Evaluator each, and they repeat the same number literals and the same object shapes. Values
// and types are immutable, so sharing them changes nothing but the work.
/** Number literals by their text, parsed once; cleared when full, to bound its memory. */
const numberLiterals = new Map<string, Value>();
const NUMBER_LITERALS_MAX = 4096;

export abstract class ScopeEvaluator {
  readonly diags: Diagnostic[] = [];

  /** `functions` null is HCL's nil Functions map: no function may be called. */
  constructor(protected readonly functions: FunctionTable | null) {}

  // Defined by the layers above.
  abstract eval(expr: Expression, scope: Scope | null): Value;

  protected error(summary: string, detail: string, subject: Range, context?: Range): Value {
    this.diags.push(errorDiag(summary, detail, subject, context));
    return dynamicVal;
  }

  /** The diagnostics of the last capture(), taken apart from the others. */
  protected captured: readonly Diagnostic[] = NO_DIAGNOSTICS;

  // The state of the layers above is declared here, so that an evaluator is made by one
  // constructor and has one shape from the start.
  /** eval-for.ts: values of splat items being iterated; made on first use, as most expressions have no splat. */
  protected anon: Map<AnonSymbolExpr, Value> | null = null;
  /**
   * eval-operator.ts: the diagnostics of the last binary operation (a field rather than a
   * returned pair: it runs for every operator).
   */
  protected opDiags: DiagnosticRope = NO_DIAGNOSTICS;
  /** eval-call.ts: functions by name as looked up in the table: a call in a `for` body is looked up once. */
  protected looked: Map<string, CtyFunction | undefined> | null = null;

  /**
   * Evaluates `expr`, returning its value; its diagnostics are taken out of the others and left
   * in `captured` (a field rather than a returned pair: this runs for every operand).
   */
  protected capture(expr: Expression, scope: Scope | null): Value {
    const mark = this.diags.length;
    const v = this.eval(expr, scope);
    this.captured = this.diags.length === mark ? NO_DIAGNOSTICS : this.diags.splice(mark);
    return v;
  }

  protected pushAll(diags: readonly Diagnostic[]): void {
    for (const d of diags) this.diags.push(d);
  }

  protected number(text: string): Value {
    let v = numberLiterals.get(text);
    if (v === undefined) {
      v = numberVal(text);
      if (numberLiterals.size >= NUMBER_LITERALS_MAX) numberLiterals.clear();
      numberLiterals.set(text, v);
    }
    return v;
  }

  /**
   * The diagnostic for a root name no table of `scope` has: "Variables not allowed" where no
   * table is there at all, else "Unknown variable" with the closest name in scope.
   */
  protected missingVariable(root: Traverser & { kind: "root" }, scope: Scope | null): Value {
    let hasVariables = false;
    for (let s: Scope | null = scope; s !== null; s = s.parent) if (s.vars !== null) hasVariables = true;
    if (!hasVariables)
      return this.error("Variables not allowed", "Variables may not be used here.", root.range);
    const names: string[] = [];
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      if (s.vars !== null) for (const n of variableNames(s.vars)) names.push(n);
    }
    const suggestion = nameSuggestion(root.name, names);
    return this.error(
      "Unknown variable",
      `There is no variable named ${goQuote(root.name)}.${suggestion === "" ? "" : ` Did you mean ${goQuote(suggestion)}?`}`,
      root.range,
    );
  }
}
