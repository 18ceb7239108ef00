// The function model, as cty's `function` package: parameters with their null, unknown, dynamic
// and mark rules, a variadic parameter, a return type computed from the arguments, and a call
// that answers unknown without running the implementation when an argument is not yet known.
import { friendlyName } from "./friendly-name.js";
import { unmarkDeep } from "./marks.js";
import { type Type, t, typeEquals } from "./type.js";
import { conformanceProblem } from "./type-conformance.js";
import { markedVal, marksInUse, unknownVal, type Value } from "./value.js";

/** One parameter of a function (cty's `function.Parameter`). */
export interface FunctionParameter {
  readonly name: string;
  /** The type arguments are converted to before the call; `t.dynamic` takes any value. */
  readonly type: Type;
  readonly description?: string;
  /** Null arguments reach the implementation instead of failing with "argument must not be null". */
  readonly allowNull?: boolean;
  /** Unknown arguments reach the implementation instead of making the result unknown. */
  readonly allowUnknown?: boolean;
  /** Arguments of unknown type reach the type function instead of making the result `dynamic`. */
  readonly allowDynamicType?: boolean;
  /** Marked arguments reach the implementation with their marks instead of being unmarked. */
  readonly allowMarked?: boolean;
}

/** A function on values: what `openTofuFunctions()` builds and HCL's evaluator calls. */
export interface ValueFunctionSpec {
  readonly kind?: "values";
  readonly description?: string;
  readonly params: readonly FunctionParameter[];
  readonly varParam?: FunctionParameter;
  /**
   * The result type for these arguments, which may be unknown (not for allowUnknown=false
   * parameters' types, which are always known here). Throws FunctionError to refuse them.
   */
  readonly type: (args: readonly Value[]) => Type;
  /**
   * The result; every argument is known unless its parameter allows unknowns (known at the top:
   * a known collection may hold unknown elements, as in cty).
   */
  readonly impl: (args: readonly Value[], returnType: Type) => Value;
}

/** What evaluating one unevaluated argument gave: its value and its error diagnostics. */
export interface ClosureResult {
  readonly value: Value;
  readonly errors: readonly ClosureDiagnostic[];
}

/**
 * A diagnostic as a closure function reads it: the structure of `@tofukit/hcl`'s `Diagnostic`
 * without its optional `context` and `extra`, so that either type is assignable to the other
 * (cty sits below hcl and cannot name its type).
 */
export interface ClosureDiagnostic {
  readonly severity: "error" | "warning";
  readonly summary: string;
  readonly detail: string;
  readonly subject?: {
    readonly filename: string;
    readonly start: { readonly line: number; readonly column: number; readonly byte: number };
    readonly end: { readonly line: number; readonly column: number; readonly byte: number };
  };
}

/** An argument handed over unevaluated (hcl's `customdecode.ExpressionClosure`). */
export interface ExpressionClosure {
  evaluate(): ClosureResult;
  /**
   * The argument's syntax tree, as the evaluator represents it (an `@tofukit/hcl` Expression),
   * for a function that reads an argument as syntax rather than as a value (`convert`'s type,
   * hcl's customdecode); absent where the argument came from an expanded collection.
   */
  readonly expression?: unknown;
}

/**
 * A function whose arguments are expressions evaluated by the function itself, as `can` and
 * `try` (hcl's tryfunc). HCL's evaluator hands it one closure per argument.
 */
export interface ClosureFunctionSpec {
  readonly kind: "closures";
  readonly description?: string;
  readonly params: readonly FunctionParameter[];
  readonly varParam?: FunctionParameter;
  readonly call: (args: readonly ExpressionClosure[]) => Value;
}

export type FunctionSpec = ValueFunctionSpec | ClosureFunctionSpec;

const fnBrand = Symbol.for("tofukit.FunctionError");
const NO_MARKS: ReadonlySet<string> = new Set<string>();

/**
 * A function refusing its arguments or failing. With `argIndex`, HCL reports it against that
 * argument as "Invalid function argument" (cty's `ArgError`); without, as "Error in function call".
 */
export class FunctionError extends Error {
  readonly code = "TOFUKIT_CTY_FUNCTION" as const;
  readonly argIndex: number | undefined;

  constructor(message: string, argIndex?: number) {
    super(message);
    this.argIndex = argIndex;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && fnBrand in value;
  }
}
Object.defineProperty(FunctionError.prototype, "name", {
  value: "FunctionError",
  writable: true,
  configurable: true,
});
Object.defineProperty(FunctionError.prototype, fnBrand, { value: true });

/** Whether a value of type `given` may be passed where `want` is expected (cty's `TestConformance`). */
export function typeConforms(given: Type, want: Type): boolean {
  if (want.kind === "dynamic") return true;
  if (given.kind !== want.kind) return false;
  switch (want.kind) {
    case "list":
    case "set":
    case "map":
      return typeConforms((given as typeof want).element, want.element);
    case "tuple": {
      const g = (given as typeof want).elements;
      return g.length === want.elements.length && g.every((e, i) => typeConforms(e, want.elements[i]!));
    }
    case "object": {
      const g = given as typeof want;
      if (g.attributeNames.length !== want.attributeNames.length) return false;
      return want.attributeNames.every((name, i) => {
        const gi = g.attributeNames.indexOf(name);
        return gi >= 0 && typeConforms(g.attributeTypes[gi]!, want.attributeTypes[i]!);
      });
    }
    default:
      return typeEquals(given, want);
  }
}

const ctyFunctionBrand = Symbol.for("tofukit.CtyFunction");

/** A callable function: its spec and cty's calling rules. */
export class CtyFunction {
  readonly spec: FunctionSpec;

  constructor(spec: FunctionSpec) {
    this.spec = spec;
    Object.defineProperty(this, ctyFunctionBrand, { value: true });
  }

  static [Symbol.hasInstance](candidate: unknown): boolean {
    return typeof candidate === "object" && candidate !== null && ctyFunctionBrand in candidate;
  }

  get params(): readonly FunctionParameter[] {
    return this.spec.params;
  }

  get varParam(): FunctionParameter | undefined {
    return this.spec.varParam;
  }

  get takesClosures(): boolean {
    return this.spec.kind === "closures";
  }

  /** The parameter that argument `i` binds to, or undefined past the last one. */
  paramFor(i: number): FunctionParameter | undefined {
    return i < this.spec.params.length ? this.spec.params[i] : this.spec.varParam;
  }

  /** The result type for these argument values (cty's `ReturnTypeForValues`). */
  returnTypeForValues(args: readonly Value[]): Type {
    return this.prepare(args).type;
  }

  /** The result type for arguments of these types (cty's `ReturnType`). */
  returnType(argTypes: readonly Type[]): Type {
    return this.returnTypeForValues(argTypes.map((ty) => unknownVal(ty)));
  }

  /**
   * Calls the function on arguments already converted to their parameters' types, as cty's
   * `Function.Call`. Throws FunctionError; never calls a closure function (HCL does that).
   */
  call(args: readonly Value[]): Value {
    const spec = this.spec;
    if (spec.kind === "closures") throw new FunctionError("this function takes its arguments unevaluated");
    const prepared = this.prepare(args);
    const { type, marks } = prepared;
    let result: Value;
    if (prepared.unknownResult) result = unknownVal(type);
    else {
      result = spec.impl(prepared.args, type);
      if (!typeConforms(result.type, type) && type.kind !== "dynamic") {
        throw new FunctionError(
          `the function returned ${friendlyName(result.type)} where ${friendlyName(type)} was expected`,
        );
      }
    }
    return marks.size > 0 ? markedVal(result, marks) : result;
  }

  private prepare(given: readonly Value[]): {
    args: readonly Value[];
    type: Type;
    marks: ReadonlySet<string>;
    unknownResult: boolean;
  } {
    const spec = this.spec;
    const nParams = spec.params.length;
    if (given.length < nParams || (spec.varParam === undefined && given.length > nParams)) {
      const want = spec.varParam === undefined ? `${nParams}` : `at least ${nParams}`;
      throw new FunctionError(`wrong number of arguments: ${want} required, ${given.length} given`);
    }
    // Until some value is marked, no argument can carry marks: no set, no deep walks.
    const marked = marksInUse();
    let marks: Set<string> | null = null;
    // The arguments as given unless marks are taken off them.
    const args: Value[] | null = marked ? new Array(given.length) : null;
    let dynamicResult = false;
    let unknownResult = false;
    const params = spec.params;
    for (let i = 0; i < given.length; i++) {
      const param = i < nParams ? params[i]! : spec.varParam!;
      let v = given[i]!;
      if (marked && !param.allowMarked) {
        const stripped = unmarkDeep(v);
        if (stripped.marks.size > 0) {
          marks ??= new Set<string>();
          for (const m of stripped.marks) marks.add(m);
        }
        v = stripped.value;
      }
      if (v.isNull && !param.allowNull) throw new FunctionError("argument must not be null", i);
      if (v.type.kind === "dynamic") {
        if (!param.allowDynamicType) dynamicResult = true;
      } else if (!typeConforms(v.type, param.type)) {
        const problem = conformanceProblem(v.type, param.type);
        throw new FunctionError(
          problem ?? `${friendlyName(param.type)} required, but received ${friendlyName(v.type)}`,
          i,
        );
      }
      // cty checks the argument itself, not its elements: functions see collections holding unknowns.
      if (!param.allowUnknown && !v.isKnown) unknownResult = true;
      if (args !== null) args[i] = v;
    }
    const found = marks ?? NO_MARKS;
    const passed = args ?? given;
    if (dynamicResult) return { args: passed, type: t.dynamic, marks: found, unknownResult: true };
    const type = spec.kind === "closures" ? t.dynamic : spec.type(passed);
    return { args: passed, type, marks: found, unknownResult };
  }
}

/** A function table: a Map or a plain object of functions by name, as `openTofuFunctions()` gives. */
export type FunctionTable = ReadonlyMap<string, CtyFunction> | { readonly [name: string]: CtyFunction };

/** The function of that name in a table, or undefined (own properties only). */
export function lookupFunction(table: FunctionTable, name: string): CtyFunction | undefined {
  if (table instanceof Map) return table.get(name);
  const plain = table as { readonly [name: string]: CtyFunction };
  return Object.hasOwn(plain, name) ? plain[name] : undefined;
}

/** The names in a table. */
export function functionNames(table: FunctionTable): string[] {
  return table instanceof Map ? [...table.keys()] : Object.keys(table);
}
