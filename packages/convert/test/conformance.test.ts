// Every recorded conversion whose constraint has no defaults, its type taken from type.jsonl.

import { consoleString, typeEquals, typeFromJSON, valueFromJSON, valueToJSON } from "@tofukit/cty";
import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { convert } from "../src/convert.js";
import { ConversionError } from "../src/errors.js";
import { formatPath } from "../src/path.js";
import { canonicalJSON, convertVectors, recordedConstraintTypes } from "./vectors.js";

const types = recordedConstraintTypes();
const cases = convertVectors().filter((v) => v.input !== undefined && types.has(v.expr));

function check(v: (typeof cases)[number]): string | null {
  const input = valueFromJSON(v.input!.value, typeFromJSON(v.input!.type), { parsed: true });
  const want = v.want;
  try {
    const out = convert(input, types.get(v.expr)!);
    if (want.ok !== true) return `converted, want error ${JSON.stringify(want.error ?? want.errorOneOf)}`;
    if (!typeEquals(out.type, typeFromJSON(want.type))) return `type ${out.type.key}`;
    const gotValue = canonicalJSON(parse(valueToJSON(out)));
    const wantValue = canonicalJSON(want.value);
    if (gotValue !== wantValue) return `value ${gotValue} want ${wantValue}`;
    const con = consoleString(out);
    if (con !== want.console) return `console ${JSON.stringify(con)}`;
    return null;
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    if (want.ok === true) return `error ${e.message} at ${formatPath(e.path)}`;
    const allowed = (want.errorOneOf as string[] | undefined) ?? [want.error as string];
    if (!allowed.includes(e.message))
      return `error ${JSON.stringify(e.message)} want ${JSON.stringify(allowed)}`;
    const wantPath = (want.path as string | undefined) ?? "";
    if (formatPath(e.path) !== wantPath) return `path ${formatPath(e.path)} want ${wantPath}`;
    return null;
  }
}

describe("recorded conversions (constraints without defaults)", () => {
  it(`matches the reference on all ${cases.length} lines`, () => {
    const failures = cases.map((v) => [v.line, check(v)] as const).filter(([, r]) => r !== null);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 60_000);
});
