import { describe, expect, it } from "vitest";
import { consoleString } from "./console-string.js";
import { EPHEMERAL, SENSITIVE } from "./marks.js";
import { t } from "./type.js";
import {
  dynamicVal,
  listVal,
  mapVal,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  tupleVal,
  unknownVal,
} from "./value.js";
import { rawEquals, valueEquals } from "./value-equality.js";

const show = (v: ReturnType<typeof valueEquals>) => (v.isKnown ? String(v.asBool()) : "unknown");

describe("valueEquals with nulls of dynamic type inside (go-cty cty/value_ops_test.go, TestValueEquals)", () => {
  const a = (v: Parameters<typeof objectVal>[0]) => objectVal(v);
  it("treats a dynamic null as a known value of its own type", () => {
    expect(show(valueEquals(a({ a: stringVal("a") }), a({ a: nullVal(t.dynamic) })))).toBe("false");
    expect(show(valueEquals(a({ a: nullVal(t.dynamic) }), a({ a: nullVal(t.dynamic) })))).toBe("true");
  });
  it("stays unknown against an unknown of dynamic type, and false where types cannot conform", () => {
    expect(show(valueEquals(a({ a: nullVal(t.dynamic) }), a({ a: dynamicVal })))).toBe("unknown");
    expect(
      show(
        valueEquals(
          a({ a: stringVal("a"), b: unknownVal(t.number) }),
          a({ a: nullVal(t.dynamic), c: unknownVal(t.number) }),
        ),
      ),
    ).toBe("false");
    expect(
      show(
        valueEquals(
          a({ a: stringVal("a"), b: unknownVal(t.number) }),
          a({ a: dynamicVal, c: unknownVal(t.number) }),
        ),
      ),
    ).toBe("false");
    expect(
      show(valueEquals(a({ a: nullVal(t.list(t.string)) }), a({ a: unknownVal(t.list(t.list(t.dynamic))) }))),
    ).toBe("false");
  });
});

describe("valueEquals with unknown operands, as cty's Equals", () => {
  it("is false when the types differ, even against an unknown", () => {
    expect(show(valueEquals(stringVal("hello"), unknownVal(t.number)))).toBe("false");
    expect(show(valueEquals(unknownVal(t.number), stringVal("hello")))).toBe("false");
  });

  it("is unknown against an unknown of the same type or of unknown type", () => {
    expect(show(valueEquals(stringVal("hello"), unknownVal(t.string)))).toBe("unknown");
    expect(show(valueEquals(stringVal("hello"), dynamicVal))).toBe("unknown");
    expect(show(valueEquals(unknownVal(t.string), unknownVal(t.string)))).toBe("unknown");
  });

  it("is false for null against a known value, unknown for null against an unknown", () => {
    expect(show(valueEquals(nullVal(t.string), stringVal("a")))).toBe("false");
    expect(show(valueEquals(nullVal(t.string), unknownVal(t.string)))).toBe("unknown");
  });

  it("lets the first unequal or unknown element decide", () => {
    const one = numberVal(1);
    const unk = unknownVal(t.number);
    expect(show(valueEquals(tupleVal([one]), tupleVal([unk])))).toBe("unknown");
    expect(show(valueEquals(tupleVal([numberVal(2), unk]), tupleVal([one, unk])))).toBe("false");
    expect(show(valueEquals(tupleVal([unk, one]), tupleVal([unk, numberVal(2)])))).toBe("unknown");
    expect(show(valueEquals(listVal([one]), listVal([unk])))).toBe("unknown");
  });

  it("is false for values whose types cannot conform either way", () => {
    expect(show(valueEquals(tupleVal([stringVal("a")]), tupleVal([numberVal(1)])))).toBe("false");
    expect(show(valueEquals(tupleVal([dynamicVal]), tupleVal([numberVal(1)])))).toBe("unknown");
  });
});

describe("equality of marked values", () => {
  it("marks the result with the operands' marks", () => {
    const r = valueEquals(markedVal(stringVal("a"), [SENSITIVE]), stringVal("a"));
    expect(r.asBool === undefined).toBe(false);
    expect([...marksOf(r)]).toEqual([SENSITIVE]);
  });

  it("keeps only the operands' own marks when comparing with null", () => {
    const inner = objectVal({ a: markedVal(stringVal("x"), [SENSITIVE]) });
    expect(marksOf(valueEquals(inner, nullVal(t.dynamic))).size).toBe(0);
    expect([...marksOf(valueEquals(inner, objectVal({ a: stringVal("x") })))]).toEqual([SENSITIVE]);
  });

  it("counts marks as part of a value's identity in rawEquals", () => {
    expect(rawEquals(markedVal(stringVal("a"), [SENSITIVE]), stringVal("a"))).toBe(false);
    expect(rawEquals(markedVal(stringVal("a"), [SENSITIVE]), markedVal(stringVal("a"), [SENSITIVE]))).toBe(
      true,
    );
    expect(rawEquals(tupleVal([markedVal(numberVal(1), [SENSITIVE])]), tupleVal([numberVal(1)]))).toBe(false);
  });
});

describe("console rendering of marked values", () => {
  it("hides sensitive and ephemeral values at any depth, as tofu console", () => {
    expect(consoleString(markedVal(stringVal("pw"), [SENSITIVE]))).toBe("(sensitive value)");
    expect(consoleString(objectVal({ a: markedVal(numberVal(1), [SENSITIVE]), b: numberVal(2) }))).toBe(
      '{\n  "a" = (sensitive value)\n  "b" = 2\n}',
    );
    expect(consoleString(markedVal(stringVal("e"), [EPHEMERAL]))).toBe("(ephemeral value)");
    expect(consoleString(markedVal(unknownVal(t.string), [SENSITIVE]))).toBe("(known after apply)");
  });
});

describe("keys are NFC", () => {
  it("normalizes object attribute names and map keys", () => {
    const decomposed = "he\u0301llo";
    const composed = "h\u00e9llo";
    expect(objectVal({ [decomposed]: numberVal(1) }).type.key).toBe(
      objectVal({ [composed]: numberVal(1) }).type.key,
    );
    expect(
      rawEquals(objectVal({ [decomposed]: numberVal(1) }), objectVal({ [composed]: numberVal(1) })),
    ).toBe(true);
    expect(mapVal({ [decomposed]: numberVal(1) }).entryKeys()).toEqual([composed]);
  });

  it("refuses two keys that are the same once normalized", () => {
    expect(() => objectVal({ "he\u0301llo": numberVal(1), "h\u00e9llo": numberVal(2) })).toThrow(/duplicate/);
  });
});
