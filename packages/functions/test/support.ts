// Calling functions of the table in tests: results shown as cty console text, errors as message and argument.
import { consoleString, FunctionError, type Value } from "@tofukit/cty";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const table = openTofuFunctions({ now: () => new Date("2024-01-02T03:04:05Z") });

/** Calls the function `name` of the table on these (already converted) arguments. */
export function call(name: string, ...args: Value[]): Value {
  const f = table[name];
  if (f === undefined) throw new Error(`no function ${name}`);
  return f.call(args);
}

/** The result of a call as the OpenTofu console shows it. */
export function show(name: string, ...args: Value[]): string {
  return consoleString(call(name, ...args));
}

/** The FunctionError a call throws: its message and argument index. */
export function failure(name: string, ...args: Value[]): { message: string; argIndex: number | undefined } {
  try {
    call(name, ...args);
  } catch (e) {
    if (e instanceof FunctionError) return { message: e.message, argIndex: e.argIndex };
    throw e;
  }
  throw new Error(`${name} did not fail`);
}
