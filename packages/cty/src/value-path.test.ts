import { describe, expect, it } from "vitest";
import { t } from "./type.js";
import { listVal, mapVal, numberVal, objectVal, unknownVal } from "./value.js";
import { valueFromJSON, valueToJSON } from "./value-json.js";
import { ValuePath } from "./value-path.js";

describe("ValuePath", () => {
  it("formats indexes, map keys and attributes only when asked", () => {
    const path = new ValuePath();
    expect(path.text()).toBe("");
    path.push(3);
    path.pushAttribute("tags");
    path.push('a "key"');
    expect(path.text()).toBe('[3].tags["a \\"key\\""]');
    path.pop();
    path.pop();
    expect(path.text()).toBe("[3]");
  });

  it("names the failing element in valueFromJSON errors", () => {
    const type = t.list(t.object({ a: t.map(t.number) }));
    expect(() => valueFromJSON('[{"a":{}},{"a":{"k":"x"}}]', type)).toThrow('[1].a["k"]: invalid number "x"');
  });

  it("names the failing element in valueToJSON errors", () => {
    const v = listVal([
      objectVal({ a: mapVal({ k: numberVal(1) }) }),
      objectVal({ a: mapVal({ k: unknownVal(t.number) }) }),
    ]);
    expect(() => valueToJSON(v)).toThrow('[1]["a"]["k"]: value is not known');
  });
});
