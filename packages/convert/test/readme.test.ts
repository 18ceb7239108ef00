// The README's example, kept working.

import { consoleString, stringVal, t, typeFromJSON, valueFromJSON } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { applyDefaults, ConversionError, convert, convertWithDefaults, type Defaults } from "../src/index.js";

describe("README example", () => {
  it("works as documented", () => {
    const type = t.list(t.object({ name: t.string, tags: t.list(t.number) }));
    const value = valueFromJSON(
      '[{"name":"a","tags":[1,"2"]}]',
      typeFromJSON(["tuple", [["object", { name: "string", tags: ["tuple", ["number", "string"]] }]]]),
    );
    expect(consoleString(convert(value, type))).toBe(
      'tolist([\n  {\n    "name" = "a"\n    "tags" = tolist([\n      1,\n      2,\n    ])\n  },\n])',
    );
    try {
      convert(
        valueFromJSON('{"tags":["x"]}', typeFromJSON(["object", { tags: ["tuple", ["string"]] }])),
        t.object({ tags: t.list(t.number) }),
      );
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConversionError);
      const err = e as ConversionError;
      expect([err.code, err.pathString, err.message, err.formatted]).toEqual([
        "TOFUKIT_CONVERT_NUMBER_REQUIRED",
        ".tags[0]",
        "a number is required",
        ".tags[0]: a number is required",
      ]);
    }
    const withDefault = t.object({ region: t.string }, ["region"]);
    const defaults: Defaults = {
      type: withDefault,
      defaultValues: new Map([["region", stringVal("eu")]]),
      children: new Map(),
    };
    const out = convert(
      applyDefaults(valueFromJSON("{}", typeFromJSON(["object", {}])), defaults),
      withDefault,
    );
    expect(consoleString(out)).toBe('{\n  "region" = "eu"\n}');
    const once = convertWithDefaults(
      valueFromJSON("{}", typeFromJSON(["object", {}])),
      withDefault,
      defaults,
    );
    expect(consoleString(once)).toBe('{\n  "region" = "eu"\n}');
  });
});
