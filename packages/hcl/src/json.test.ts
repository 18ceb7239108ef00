// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { consoleString } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { HCLError, jsonValue, parseJSONValue } from "./index.js";

describe("parseJSONValue", () => {
  it("reads objects as objects and arrays as tuples, numbers exactly", () => {
    const v = jsonValue('{"a": [1, "x", true, null], "n": 123456789012345678901234567890.5}');
    expect(v.type.kind).toBe("object");
    expect(v.get("a")?.type.kind).toBe("tuple");
    expect(consoleString(v.get("n") as never)).toBe("123456789012345678901234567890.5");
  });

  it("keeps template sequences in strings literal", () => {
    expect(jsonValue('"${x}"').asString()).toBe("${x}");
  });

  it("rejects duplicate properties with their location", () => {
    const { value, diagnostics } = parseJSONValue('{"a": 1,\n "a": 2}', "v.tfvars.json");
    expect(value).toBeNull();
    expect(diagnostics[0]).toMatchObject({
      summary: "Duplicate object attribute",
      detail: 'An attribute named "a" was already defined at v.tfvars.json:1,2-5.',
      subject: { start: { line: 2, column: 2 } },
    });
  });

  it("reports syntax errors as diagnostics and HCLError", () => {
    expect(parseJSONValue("[1,]").diagnostics[0]?.summary).toBe("Trailing comma in array");
    expect(parseJSONValue("{").diagnostics[0]?.summary).toBe("Unclosed JSON object");
    expect(() => jsonValue("nope")).toThrow(HCLError);
  });

  it("bounds nesting depth", () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    expect(parseJSONValue(deep).diagnostics[0]?.summary).toBe("Value too deeply nested");
  });
});
