// The README's example, kept working.

import { describe, expect, it } from "vitest";
import {
  consoleString,
  numberVal,
  setVal,
  stringVal,
  t,
  typeFromJSON,
  typeToJSON,
  valueFromJSON,
  valueToJSON,
} from "../src/index.js";

describe("README example", () => {
  it("works as documented", () => {
    const type = t.list(t.object({ name: t.string, port: t.number }, ["port"]));
    expect(typeToJSON(type)).toEqual(["list", ["object", { name: "string", port: "number" }, ["port"]]]);
    const v = valueFromJSON(
      '[{"name":"web","port":123456789012345678901234567890}]',
      typeFromJSON(["list", ["object", { name: "string", port: "number" }]]),
    );
    expect(valueToJSON(v)).toBe('[{"name":"web","port":123456789012345678901234567890}]');
    expect(consoleString(v)).toBe(
      'tolist([\n  {\n    "name" = "web"\n    "port" = 123456789012345678901234567890\n  },\n])',
    );
    expect(
      setVal(["b", "B", "é", "10", "9"].map(stringVal))
        .elements()
        .map((e) => e.asString()),
    ).toEqual(["10", "9", "B", "b", "é"]);
    expect(numberVal("1e3").asNumber().toString()).toBe("1000");
  });
});
