// The shapes most encoding functions share: a function of one string, and arguments whose
// parameter allows marks, which the result carries on.
import {
  CtyFunction,
  FunctionError,
  markedVal,
  marksOf,
  stringVal,
  t,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import { base64Decode } from "../base64.js";
import { redacted } from "../filesystem/file-access.js";
import { utf8Bytes } from "../utf8.js";

/** The string and marks of an argument whose parameter allows marks. */
function unmarkedString(v: Value): { s: string; marks: ReadonlySet<string> } {
  const marks = marksOf(v);
  return { s: unmarkedVal(v).asString(), marks };
}

/**
 * The bytes a base64 argument (a parameter that allows marks) decodes to, with its marks;
 * OpenTofu's "failed to decode base64 data" error, the data redacted if it is sensitive.
 */
export function base64Argument(v: Value): { bytes: Uint8Array; marks: ReadonlySet<string> } {
  const { s, marks } = unmarkedString(v);
  const decoded = base64Decode(utf8Bytes(s));
  if (!("bytes" in decoded)) throw new FunctionError(`failed to decode base64 data ${redacted(s, marks)}`);
  return { bytes: decoded.bytes, marks };
}

export function remark(v: Value, marks: ReadonlySet<string>): Value {
  return marks.size > 0 ? markedVal(v, marks) : v;
}

export function stringFunction(
  name: string,
  body: (s: string) => string,
  extra: { allowMarked?: boolean } = {},
): CtyFunction {
  return new CtyFunction({
    params: [{ name, type: t.string, ...extra }],
    type: () => t.string,
    impl: ([v]) => stringVal(body(v!.asString())),
  });
}
