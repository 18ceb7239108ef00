// The instances of a module call, as OpenTofu expands `count`, `for_each` and
// `lifecycle { enabled }`: one per known index or key, none when disabled, and a single instance
// with unknown keys when the number of instances is not known before a plan.
import { ConversionError, convert } from "@tofukit/convert";
import type { FunctionTable } from "@tofukit/cty";
import { dynamicVal, numberVal, stringVal, t, unknownVal, unmarkedVal, type Value } from "@tofukit/cty";
import { type Diagnostic, type Expression, errorDiag, evaluate } from "@tofukit/hcl";
import type { ModuleCall } from "./decode-module-call.js";
import { expressionContext, type InstanceKeys, type ScopeData } from "./module-scope.js";

interface CallInstance {
  /** `[0]`, `["key"]`, or "" for a call that is not repeated or whose keys are unknown. */
  readonly key: string;
  readonly keys: InstanceKeys;
}

/** Calls repeated more often are checked once, with unknown keys, so that no count makes a check run for long. */
const MAX_INSTANCES_PER_CALL = 1024;

function error(summary: string, detail: string, expr: Expression): Diagnostic {
  return errorDiag(summary, detail, expr.range);
}

/**
 * The function table an expression may call: undefined when it calls none and no table is made
 * yet (so that a tree without function calls never makes one).
 */
export type FunctionsFor = (expr: Expression) => FunctionTable | undefined;

function evaluateIn(expr: Expression, scope: ScopeData, functions: FunctionsFor, diags: Diagnostic[]) {
  const variables = expressionContext(expr, scope, diags);
  const table = functions(expr);
  const result = evaluate(expr, table === undefined ? { variables } : { variables, functions: table });
  for (const item of result.diagnostics) diags.push(item);
  return result;
}

const UNKNOWN_COUNT: CallInstance[] = [{ key: "", keys: { kind: "count", index: unknownVal(t.number) } }];
const UNKNOWN_EACH: CallInstance[] = [
  { key: "", keys: { kind: "each", key: unknownVal(t.string), value: dynamicVal } },
];

function countInstances(expr: Expression, value: Value, diags: Diagnostic[]): CallInstance[] {
  const v = unmarkedVal(value);
  if (!v.isKnown) return UNKNOWN_COUNT;
  if (v.isNull) {
    diags.push(
      error(
        "Invalid count argument",
        'The given "count" argument value is null. An integer is required.',
        expr,
      ),
    );
    return [];
  }
  let n: Value;
  try {
    n = convert(v, t.number);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    diags.push(
      error("Invalid count argument", `The given "count" argument value is unsuitable: ${e.message}.`, expr),
    );
    return [];
  }
  const num = n.asNumber();
  const text = num.toString();
  if (!/^-?\d+$/.test(text)) {
    diags.push(
      error(
        "Invalid count argument",
        'The given "count" argument value is unsuitable: must be a whole number.',
        expr,
      ),
    );
    return [];
  }
  const count = Number(text);
  if (text.startsWith("-")) {
    diags.push(
      error(
        "Invalid count argument",
        'The given "count" argument value is unsuitable: must be greater than or equal to zero.',
        expr,
      ),
    );
    return [];
  }
  if (!(count <= MAX_INSTANCES_PER_CALL)) return UNKNOWN_COUNT;
  return Array.from({ length: count }, (_, i) => ({
    key: `[${i}]`,
    keys: { kind: "count", index: numberVal(i) },
  }));
}

function forEachInstances(expr: Expression, value: Value, diags: Diagnostic[]): CallInstance[] {
  const v = unmarkedVal(value);
  const unsuitable = (why: string) => {
    diags.push(
      error("Invalid for_each argument", `The given "for_each" argument value is unsuitable: ${why}`, expr),
    );
    return [];
  };
  if (v.isNull) {
    return unsuitable('the given "for_each" argument value is null. A map, or set of strings is allowed.');
  }
  const kind = v.type.kind;
  if (kind === "set") {
    const element = v.type.element;
    if (element.kind !== "string" && element.kind !== "dynamic") {
      return unsuitable(
        `"for_each" supports maps and sets of strings, but you have provided a set containing type ${element.kind}.`,
      );
    }
    if (!v.isKnown) return UNKNOWN_EACH;
    const elements = v.elements();
    if (elements.some((e) => !unmarkedVal(e).isKnown)) return UNKNOWN_EACH;
    const notString = elements.find((e) => unmarkedVal(e).type.kind !== "string");
    if (notString !== undefined) {
      return unsuitable(
        `"for_each" supports maps and sets of strings, but you have provided a set containing type ${unmarkedVal(notString).type.kind}.`,
      );
    }
    if (elements.length > MAX_INSTANCES_PER_CALL) return UNKNOWN_EACH;
    return elements.map((e) => ({
      key: `[${JSON.stringify(unmarkedVal(e).asString())}]`,
      keys: { kind: "each", key: stringVal(unmarkedVal(e).asString()), value: e },
    }));
  }
  if (kind === "map" || kind === "object") {
    if (!v.isKnown) return UNKNOWN_EACH;
    const keys = v.entryKeys();
    if (keys.length > MAX_INSTANCES_PER_CALL) return UNKNOWN_EACH;
    const values = v.entryValues();
    return keys.map((k, i) => ({
      key: `[${JSON.stringify(k)}]`,
      keys: { kind: "each", key: stringVal(k), value: values[i]! },
    }));
  }
  if (kind === "dynamic" && !v.isKnown) return UNKNOWN_EACH;
  return unsuitable(
    `the "for_each" argument must be a map, or set of strings, and you have provided a value of type ${friendly(v)}.`,
  );
}

function friendly(v: Value): string {
  const k = v.type.kind;
  return k === "tuple" ? "tuple" : k === "list" ? "list" : k;
}

/** The instances of `call`, its repetition arguments evaluated in the caller's `scope`. */
export function expandModuleCall(
  call: ModuleCall,
  scope: ScopeData,
  functions: FunctionsFor,
  diags: Diagnostic[],
): CallInstance[] {
  if (call.enabled !== undefined) {
    const { value } = evaluateIn(call.enabled.expr, scope, functions, diags);
    const v = unmarkedVal(value);
    if (!v.isKnown) return [{ key: "", keys: { kind: "none" } }];
    try {
      const b = convert(v, t.bool);
      if (b.isNull) {
        diags.push(
          error(
            "Invalid enabled argument",
            'The given "enabled" argument value is null. A bool is required.',
            call.enabled.expr,
          ),
        );
        return [];
      }
      return b.asBool() ? [{ key: "", keys: { kind: "none" } }] : [];
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      diags.push(
        error(
          "Invalid enabled argument",
          `The given "enabled" argument value is unsuitable: ${e.message}.`,
          call.enabled.expr,
        ),
      );
      return [];
    }
  }
  if (call.count !== undefined) {
    const result = evaluateIn(call.count.expr, scope, functions, diags);
    return countInstances(call.count.expr, result.value, diags);
  }
  if (call.forEach !== undefined) {
    const result = evaluateIn(call.forEach.expr, scope, functions, diags);
    return forEachInstances(call.forEach.expr, result.value, diags);
  }
  return [{ key: "", keys: { kind: "none" } }];
}

export { evaluateIn };

/**
 * The single instance with unknown keys that stands for a call's instances once a check has
 * checked as many as it will (so that nested repeated calls cannot multiply into millions).
 */
export function unknownInstances(call: ModuleCall): CallInstance[] {
  if (call.count !== undefined) return UNKNOWN_COUNT;
  if (call.forEach !== undefined) return UNKNOWN_EACH;
  return [{ key: "", keys: { kind: "none" } }];
}
