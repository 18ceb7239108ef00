import {
  boolVal,
  listVal,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  setVal,
  stringVal,
  type Type,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaults } from "../test/cty-json.js";
import { convert } from "./convert.js";
import { convertWithDefaults } from "./convert-with-defaults.js";
import { applyDefaults, type Defaults } from "./defaults.js";
import { ConversionError } from "./errors.js";

type Outcome =
  | { readonly ok: true; readonly value: Value }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly path: unknown };

function outcome(f: () => Value): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    return { ok: false, code: e.code, message: e.message, path: e.path };
  }
}

/** The two steps OpenTofu takes: defaults unless the value is null, then conversion. */
function twoSteps(value: Value, type: Type, d: Defaults | null): Value {
  return convert(d !== null && !value.isNull ? applyDefaults(value, d) : value, type);
}

function expectSame(value: Value, type: Type, d: Defaults | null): void {
  const want = outcome(() => twoSteps(value, type, d));
  const got = outcome(() => convertWithDefaults(value, type, d));
  if (want.ok && got.ok) {
    expect(got.value.type.key).toBe(want.value.type.key);
    expect(rawEquals(got.value, want.value)).toBe(true);
  } else {
    expect(got).toEqual(want);
  }
}

// The seed's bucket type: list(object({name = string, enabled = optional(bool, true),
// website = optional(object({index = optional(string, "i"), err = optional(string, "e"),
// rules = optional(string)}), {})})).
const website = t.object({ index: t.string, err: t.string, rules: t.string }, ["index", "err", "rules"]);
const bucket = t.object({ name: t.string, enabled: t.bool, website }, ["enabled", "website"]);
const bucketDefaults = defaults(
  bucket,
  {
    enabled: boolVal(true),
    website: objectVal({ err: nullVal(t.string), index: nullVal(t.string), rules: nullVal(t.string) }),
  },
  { website: defaults(website, { index: stringVal("i"), err: stringVal("e") }) },
);
const setItem = t.object({ a: t.number, b: t.list(t.string) }, ["a", "b"]);
const setItemDefaults = defaults(setItem, { a: numberVal(1), b: listVal([stringVal("x")]) });
const anyItem = t.object({ a: t.dynamic, b: t.string }, ["a", "b"]);
const anyItemDefaults = defaults(anyItem, { b: stringVal("d") });

// Defaults made for a type where `note` is optional, used with a type where it is required:
// conversion must still report the missing attribute.
const loose = t.object({ name: t.string, note: t.string, size: t.number }, ["note", "size"]);
const strict = t.object({ name: t.string, note: t.string, size: t.number }, ["size"]);
const looseDefaults = defaults(loose, { size: numberVal(1) });

/** Type constraints with their defaults, as typeexpr makes them (and a few it does not make). */
const constraints: readonly { readonly type: Type; readonly d: Defaults | null }[] = [
  { type: t.list(bucket), d: defaults(t.list(bucket), {}, { "": bucketDefaults }) },
  { type: t.set(bucket), d: defaults(t.set(bucket), {}, { "": bucketDefaults }) },
  { type: t.list(setItem), d: defaults(t.list(setItem), {}, { "": setItemDefaults }) },
  { type: t.set(setItem), d: defaults(t.set(setItem), {}, { "": setItemDefaults }) },
  // `any` in the element type: elements are unified with each other.
  { type: t.list(anyItem), d: defaults(t.list(anyItem), {}, { "": anyItemDefaults }) },
  // Nested lists, and a tuple constraint with a node per element.
  {
    type: t.list(t.list(bucket)),
    d: defaults(t.list(t.list(bucket)), {}, { "": defaults(t.list(bucket), {}, { "": bucketDefaults }) }),
  },
  { type: t.tuple([bucket, setItem]), d: defaults(t.tuple([bucket, setItem]), {}, { "0": bucketDefaults }) },
  // Defaults that do not match the type's shape, and none at all.
  { type: t.list(bucket), d: defaults(t.list(setItem), {}, { "": setItemDefaults }) },
  { type: t.list(bucket), d: null },
  { type: t.list(strict), d: defaults(t.list(loose), {}, { "": looseDefaults }) },
  { type: t.list(loose), d: defaults(t.list(loose), {}, { "": looseDefaults }) },
  { type: t.list(t.string), d: defaults(t.list(t.string)) },
];

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom("a", "1", "true", "").map(stringVal),
  fc.integer({ min: -2, max: 2 }).map((n) => numberVal(n)),
  fc.boolean().map(boolVal),
  fc.constant(nullVal(t.dynamic)),
  fc.constant(nullVal(t.string)),
  fc.constant(unknownVal(t.string)),
  fc.constant(unknownVal(t.dynamic)),
);

const names = ["name", "enabled", "website", "index", "err", "rules", "a", "b", "note", "size", "x"] as const;

const { value: anyValue } = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.dictionary(fc.constantFrom(...names), tie("value"), { maxKeys: 4 }).map((d) => objectVal(d)),
    fc.array(tie("value"), { maxLength: 3 }).map((vs) => tupleVal(vs)),
    fc.array(scalar, { maxLength: 3 }).map((vs) => tupleVal(vs)),
  ),
}));

/** Objects mostly of the buckets' shapes, with now and then a value that does not fit. */
const item: fc.Arbitrary<Value> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          name: fc.oneof({ weight: 5, arbitrary: fc.string().map(stringVal) }, scalar),
          enabled: fc.oneof(fc.boolean().map(boolVal), scalar),
          website: fc.oneof(
            fc
              .record(
                { index: fc.constant(stringVal("h")), err: scalar, rules: scalar },
                { requiredKeys: [] },
              )
              .map((w) => objectVal(w)),
            scalar,
          ),
          a: fc.oneof(
            fc.integer().map((n) => numberVal(n)),
            scalar,
          ),
          b: fc.oneof(
            fc.array(fc.string().map(stringVal), { maxLength: 2 }).map((vs) => tupleVal(vs)),
            scalar,
          ),
          note: fc.oneof(fc.string().map(stringVal), scalar),
          size: fc.oneof(
            fc.integer().map((n) => numberVal(n)),
            scalar,
          ),
        },
        { requiredKeys: [] },
      )
      .map((r) => objectVal(r)),
  },
  anyValue,
);

const input: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: fc.array(item, { maxLength: 6 }).map((vs) => tupleVal(vs)) },
  anyValue,
  fc.constant(nullVal(t.dynamic)),
  fc.constant(unknownVal(t.list(bucket))),
  fc
    .array(
      fc.string().map((s) => objectVal({ name: stringVal(s) })),
      { maxLength: 3 },
    )
    .map((vs) => (vs.length === 0 ? listVal([], t.object({ name: t.string })) : setVal(vs))),
);

describe("convertWithDefaults", () => {
  it("gives what the two steps give, value or error, on generated values and constraints", {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(input, fc.constantFrom(...constraints), (value, { type, d }) => {
        expectSame(value, type, d);
      }),
      { numRuns: 1000 },
    );
  });

  it("gives the seed's buckets their defaults, element by element, in a long list", () => {
    const items = Array.from({ length: 20000 }, (_, i) =>
      i % 3 === 0
        ? objectVal({ name: stringVal(`b${i}`) })
        : objectVal({ name: stringVal(`b${i}`), website: objectVal({ rules: stringVal(`r${i}`) }) }),
    );
    const [c] = constraints;
    const out = convertWithDefaults(tupleVal(items), c!.type, c!.d);
    expect(out.type.kind).toBe("list");
    expect(out.elements()).toHaveLength(20000);
    expect(rawEquals(out, twoSteps(tupleVal(items), c!.type, c!.d))).toBe(true);
    expect(out.elements()[1]!.get("website")!.get("index")!.asString()).toBe("i");
  }, 60_000);

  it("reports the error the two steps report, even where an element converted before it", () => {
    const [c] = constraints;
    const run = (items: Value[]) => {
      const value = tupleVal(items);
      expect(() => convertWithDefaults(value, c!.type, c!.d)).toThrow(ConversionError);
      const got = outcome(() => convertWithDefaults(value, c!.type, c!.d));
      expect(got).toEqual(outcome(() => twoSteps(value, c!.type, c!.d)));
      return got;
    };
    // A value that fails as it is converted: the first such element, by its path.
    expect(
      run([
        objectVal({ name: stringVal("a") }),
        objectVal({ name: stringVal("b"), enabled: stringVal("maybe") }),
        objectVal({ name: stringVal("c"), enabled: stringVal("never") }),
      ]),
    ).toMatchObject({
      message: "a bool is required",
      path: [
        { kind: "index", key: 1 },
        { kind: "attribute", name: "enabled" },
      ],
    });
    // An element of a type that cannot convert at all fails the whole tuple first, whatever
    // comes before it.
    expect(
      run([
        objectVal({ name: stringVal("a") }),
        objectVal({ name: stringVal("b"), enabled: stringVal("maybe") }),
        objectVal({ enabled: boolVal(true) }),
      ]),
    ).toMatchObject({ message: 'element 2: attribute "name" is required', path: [] });
  });

  it("converts without defaults when there are none", () => {
    expect(convertWithDefaults(numberVal(1), t.string).asString()).toBe("1");
    expect(convertWithDefaults(numberVal(1), t.string, null).asString()).toBe("1");
  });
});
