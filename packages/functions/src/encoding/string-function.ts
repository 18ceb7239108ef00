// The shapes most encoding functions share: a function of one string, and arguments whose
// parameter allows marks, which the result carries on.
import { CtyFunction, markedVal, marksOf, stringVal, t, unmarkedVal, type Value } from "@tofukit/cty";

/** The string and marks of an argument whose parameter allows marks. */
export function unmarkedString(v: Value): { s: string; marks: ReadonlySet<string> } {
  const marks = marksOf(v);
  return { s: unmarkedVal(v).asString(), marks };
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
