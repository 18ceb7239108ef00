// Calling one function of a table in tests, and reading the FunctionError it throws.
import { type CtyFunction, FunctionError, type Value } from "@tofukit/cty";

/** The function of that name; fails the test when the table lacks it. */
export function fn(table: Record<string, CtyFunction>, name: string): CtyFunction {
  const f = table[name];
  if (f === undefined) throw new Error(`no function ${name}`);
  return f;
}

/** The error a call throws, as `{message, argIndex}`; fails when it succeeds or throws anything else. */
export function callError(f: CtyFunction, args: readonly Value[]): { message: string; argIndex?: number } {
  try {
    f.call(args);
  } catch (e) {
    if (e instanceof FunctionError) {
      return e.argIndex === undefined ? { message: e.message } : { message: e.message, argIndex: e.argIndex };
    }
    throw e;
  }
  throw new Error("the call succeeded");
}
