// Function calls (hclsyntax's FunctionCallExpr): the function looked up in the table, the
// arguments counted, converted to the parameters' types and expanded (`f(xs...)`), closures for
// the functions that evaluate their arguments themselves (can, try), and hclsyntax's diagnostics
// for a call that fails.
import {
  CtyError,
  type CtyFunction,
  dynamicVal,
  type ExpressionClosure,
  FunctionError,
  type FunctionParameter,
  type FunctionTable,
  functionNames,
  lookupFunction,
  marksOf,
  unknownVal,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import type { Expression, FunctionCallExpr } from "./ast.js";
import { NO_DIAGNOSTICS } from "./diagnostic-rope.js";
import { HCLError } from "./errors.js";
import { remark, type Scope } from "./eval-scope.js";
import { TemplateEvaluator } from "./eval-template.js";
import { nameSuggestion } from "./name-suggestion.js";
import { type Range, rangeBetween } from "./pos.js";
import { startRange } from "./start-range.js";
import { convertValue } from "./value-conversion.js";

/** A function argument: an expression, or a value taken out of an expanded (`...`) argument. */
interface CallArg {
  readonly expr: Expression | null;
  readonly value: Value;
  readonly range: Range;
}

/** Argument `i` of a call: its record when the call was expanded, else made from the expression. */
function callArg(e: FunctionCallExpr, expanded: readonly CallArg[] | null, i: number): CallArg {
  if (expanded !== null) return expanded[i]!;
  const expr = e.args[i]!;
  return { expr, value: dynamicVal, range: expr.range };
}

function argStartRange(arg: CallArg): Range {
  return arg.expr === null ? arg.range : startRange(arg.expr);
}

function isConversionError(err: unknown): boolean {
  return typeof err === "object" && err !== null && Symbol.for("tofukit.ConversionError") in err;
}

export abstract class CallEvaluator extends TemplateEvaluator {
  private lookup(table: FunctionTable, name: string): CtyFunction | undefined {
    this.looked ??= new Map();
    if (this.looked.has(name)) return this.looked.get(name);
    const f = lookupFunction(table, name);
    this.looked.set(name, f);
    return f;
  }

  protected call(e: FunctionCallExpr, scope: Scope | null): Value {
    const table = this.functions;
    const f = table === null ? undefined : this.lookup(table, e.name);
    if (f === undefined) {
      if (table === null)
        return this.error("Function calls not allowed", "Functions may not be called here.", e.range);
      return this.unknownFunction(e, table, scope);
    }
    const start = this.diags.length;
    // Argument records are made only for an expanded call; the usual one reads e.args directly.
    let expanded: CallArg[] | null = null;
    if (e.expandFinal && e.args.length > 0) {
      expanded = this.expandFinal(e, scope);
      if (expanded === null) return dynamicVal;
    }
    const count = expanded === null ? e.args.length : expanded.length;
    const params = f.params;
    const varParam = f.varParam;
    if (count < params.length) {
      // hcl answers with this diagnostic alone.
      this.diags.length = start;
      const missing = params[count]!;
      return this.error(
        "Not enough function arguments",
        `Function ${goQuote(e.name)} expects${varParam === undefined ? "" : " at least"} ${params.length} argument(s). Missing value for ${goQuote(missing.name)}.`,
        e.closeParenRange,
        e.range,
      );
    }
    if (varParam === undefined && count > params.length) {
      this.diags.length = start;
      return this.error(
        "Too many function arguments",
        `Function ${goQuote(e.name)} expects only ${params.length} argument(s).`,
        argStartRange(callArg(e, expanded, params.length)),
        e.range,
      );
    }
    if (f.takesClosures) {
      const all: CallArg[] = [];
      for (let i = 0; i < count; i++) all.push(callArg(e, expanded, i));
      return this.callWithClosures(e, f, all, scope);
    }
    const values: Value[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const param = i < params.length ? params[i]! : varParam!;
      const v = expanded === null ? this.eval(e.args[i]!, scope) : this.argValue(expanded[i]!, scope);
      if (v.type === param.type || param.type.kind === "dynamic") {
        // What convertValue gives such a value (itself), without a result object.
        values[i] = v;
        continue;
      }
      const converted = convertValue(v, param.type);
      if (converted.ok) values[i] = converted.value;
      else {
        values[i] = unknownVal(param.type);
        this.error(
          "Invalid function argument",
          `Invalid value for ${goQuote(param.name)} parameter: ${converted.message}.`,
          argStartRange(callArg(e, expanded, i)),
          e.range,
        );
      }
    }
    // Calling with faulty arguments would only add a confusing error.
    if (this.diags.length > start) return dynamicVal;
    try {
      return f.call(values);
    } catch (err) {
      const all: CallArg[] = [];
      for (let i = 0; i < count; i++) all.push(callArg(e, expanded, i));
      return this.callFailed(e, f, all, err);
    }
  }

  private argValue(arg: CallArg, scope: Scope | null): Value {
    return arg.expr === null ? arg.value : this.eval(arg.expr, scope);
  }

  private unknownFunction(e: FunctionCallExpr, table: FunctionTable, scope: Scope | null): Value {
    // hcl offers the names of the innermost context's functions, and a `for` expression's
    // context has none of its own: inside one, nothing is suggested.
    const available = scope?.child ? [] : functionNames(table);
    const sep = e.name.lastIndexOf("::");
    let detail: string;
    if (sep !== -1) {
      const namespace = e.name.slice(0, sep + 2);
      const name = e.name.slice(sep + 2);
      const inNamespace = available.filter((n) => n.startsWith(namespace));
      if (inNamespace.length === 0) detail = `There are no functions in namespace ${goQuote(namespace)}.`;
      else {
        const s = nameSuggestion(name, inNamespace);
        detail = `There is no function named ${goQuote(name)} in namespace ${namespace}.${s === "" ? "" : ` Did you mean ${namespace}${s}?`}`;
      }
    } else {
      const s = nameSuggestion(e.name, available);
      detail = `There is no function named ${goQuote(e.name)}.${s === "" ? "" : ` Did you mean ${goQuote(s)}?`}`;
    }
    return this.error("Call to unknown function", detail, e.nameRange, e.range);
  }

  /** The arguments with the last one's elements in its place, or null when the call ends here. */
  private expandFinal(e: FunctionCallExpr, scope: Scope | null): CallArg[] | null {
    const last = e.args[e.args.length - 1]!;
    const before = this.diags.length;
    const v = this.eval(last, scope);
    if (this.diags.length > before) return null;
    const k = v.type.kind;
    if (k === "dynamic" || k === "tuple" || k === "list" || k === "set") {
      if (v.isNull) {
        this.error(
          "Invalid expanding argument value",
          "The expanding argument (indicated by ...) must not be null.",
          last.range,
          e.range,
        );
        return null;
      }
      if (k === "dynamic" || !v.isKnown) return null;
      // The collection's own marks go onto each of its elements.
      const marks = marksOf(v);
      const out: CallArg[] = e.args.slice(0, -1).map((a) => ({ expr: a, value: dynamicVal, range: a.range }));
      for (const el of unmarkedVal(v).elements())
        out.push({ expr: null, value: remark(el, marks), range: last.range });
      return out;
    }
    this.error(
      "Invalid expanding argument value",
      "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
      last.range,
      e.range,
    );
    return null;
  }

  /** A function that evaluates its arguments itself (`can`, `try`): one closure per argument. */
  private callWithClosures(
    e: FunctionCallExpr,
    f: CtyFunction,
    args: readonly CallArg[],
    scope: Scope | null,
  ): Value {
    const closures: ExpressionClosure[] = args.map((arg) => ({
      evaluate: () => {
        if (arg.expr === null) return { value: arg.value, errors: NO_DIAGNOSTICS };
        const value = this.capture(arg.expr, scope);
        return { value, errors: this.captured };
      },
      expression: arg.expr ?? undefined,
    }));
    try {
      if (f.spec.kind !== "closures") return dynamicVal;
      return f.spec.call(closures);
    } catch (err) {
      // Diagnostics of an argument the function decoded itself, reported as they are (as
      // hclsyntax reports a customdecode parameter's).
      if (err instanceof HCLError) {
        this.pushAll(err.diagnostics);
        return dynamicVal;
      }
      return this.callFailed(e, f, args, err);
    }
  }

  /** hclsyntax's diagnostics for an error returned by a call. */
  private callFailed(e: FunctionCallExpr, f: CtyFunction, args: readonly CallArg[], err: unknown): Value {
    if (!(err instanceof FunctionError) && !(err instanceof CtyError) && !isConversionError(err)) throw err;
    const message = (err as Error).message;
    const callStart = rangeBetween(e.nameRange, e.openParenRange);
    const failed = () =>
      this.error(
        "Error in function call",
        `Call to function ${goQuote(e.name)} failed: ${message}.`,
        callStart,
        e.range,
      );
    if (!(err instanceof FunctionError) || err.argIndex === undefined) return failed();
    const i = err.argIndex;
    const param: FunctionParameter | undefined = f.paramFor(i);
    const invalid = `Invalid value for ${goQuote(param?.name ?? "")} parameter: ${message}.`;
    if (param === undefined || i > args.length - 1) {
      // An index past the arguments given: a variadic parameter left empty, or a bug in the function.
      if (param !== undefined) return this.error("Invalid function argument", invalid, e.range);
      return failed();
    }
    return this.error("Invalid function argument", invalid, argStartRange(args[i]!), e.range);
  }
}
