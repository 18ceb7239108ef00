// Calling functions of the table in tests: results shown as cty console text, errors as message and argument.
import { consoleString, type Value } from "@tofukit/cty";
import { openTofuFunctions } from "../src/open-tofu-functions.js";
import { callError, fn } from "./function-call.js";

const table = openTofuFunctions({ now: () => new Date("2024-01-02T03:04:05Z") });

/** Calls the function `name` of the table on these (already converted) arguments. */
export function call(name: string, ...args: Value[]): Value {
  return fn(table, name).call(args);
}

/** The result of a call as the OpenTofu console shows it. */
export function show(name: string, ...args: Value[]): string {
  return consoleString(call(name, ...args));
}

/** The FunctionError a call throws: its message and argument index. */
export function failure(name: string, ...args: Value[]): { message: string; argIndex: number | undefined } {
  const { message, argIndex } = callError(fn(table, name), args);
  return { message, argIndex };
}
