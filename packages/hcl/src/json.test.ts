// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import {
  boolVal,
  consoleString,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  stringVal,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import fc from "fast-check";
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

  it("quotes a property name as Go's %q does", () => {
    const { diagnostics } = parseJSONValue('{"a\\u200bb": 1, "a\\u200bb": 2}', "v.json");
    expect(diagnostics[0]?.detail).toBe(
      'An attribute named "a\\u200bb" was already defined at v.json:1,2-12.',
    );
  });

  it("reports syntax errors as diagnostics and HCLError", () => {
    expect(parseJSONValue("[1,]").diagnostics[0]?.summary).toBe("Trailing comma in array");
    expect(parseJSONValue("{").diagnostics[0]?.summary).toBe("Missing value");
    expect(() => jsonValue("nope")).toThrow(HCLError);
  });

  it("bounds nesting depth", () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    expect(parseJSONValue(deep).diagnostics[0]?.summary).toBe("Value too deeply nested");
  });

  it("finds duplicates in objects with many properties, and reports every one", () => {
    const props = Array.from({ length: 20 }, (_, i) => `"k${i}": ${i}`);
    const src = `{${props.join(", ")},\n "k3": 0, "k19": 1}`;
    const { value, diagnostics } = parseJSONValue(src, "m.json");
    expect(value).toBeNull();
    expect(diagnostics.map((d) => d.detail)).toEqual([
      'An attribute named "k3" was already defined at m.json:1,29-33.',
      'An attribute named "k19" was already defined at m.json:1,191-196.',
    ]);
    expect(diagnostics[0]?.subject).toEqual({
      filename: "m.json",
      start: { line: 2, column: 2, byte: 202 },
      end: { line: 2, column: 6, byte: 206 },
    });
  });

  it("counts positions after a byte order mark and in multi-byte text as HCL does", () => {
    const { diagnostics } = parseJSONValue('\uFEFF{"é": "😀",\n "x": tru}', "b.json");
    expect(diagnostics[0]).toMatchObject({
      summary: "Invalid JSON keyword",
      subject: { start: { line: 2, column: 7, byte: 24 }, end: { line: 2, column: 10, byte: 27 } },
    });
    const first = parseJSONValue('\uFEFF{"é": x}', "b.json").diagnostics[0];
    expect(first?.subject?.start).toEqual({ line: 1, column: 7, byte: 10 });
  });

  it("gives large documents of repeated shapes the same values as small ones", () => {
    const items = Array.from(
      { length: 3000 },
      (_, i) => `{"name": "b-${i}", "size": ${i % 7}, "on": ${i % 2 === 0}}`,
    );
    const v = jsonValue(`{"list": [${items.join(",")}], "empty": {}, "nested": [[], [{}]]}`);
    const list = v.get("list")?.elements() ?? [];
    expect(list).toHaveLength(3000);
    expect(consoleString(list[2999] as never)).toBe(
      '{\n  "name" = "b-2999"\n  "on" = false\n  "size" = 3\n}',
    );
    expect(consoleString(v.get("nested") as never)).toBe("[\n  [],\n  [\n    {},\n  ],\n]");
  });

  it("reads any JSON document as its structure says", () => {
    const expected = (data: unknown): Value => {
      if (data === null) return nullVal(t.dynamic);
      if (typeof data === "boolean") return boolVal(data);
      if (typeof data === "number") return numberVal(String(data));
      if (typeof data === "string") return stringVal(data);
      if (Array.isArray(data)) return tupleVal(data.map(expected));
      return objectVal(
        Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, expected(v)] as const),
      );
    };
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, "\t"), (data, indent) => {
        const { value, diagnostics } = parseJSONValue(JSON.stringify(data, null, indent));
        expect(diagnostics).toEqual([]);
        expect(value !== null && rawEquals(value, expected(data))).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("hands each root property to rootProperty as it is read, and builds the root from the answers", () => {
    const seen: string[] = [];
    const { value, diagnostics } = parseJSONValue(
      '{"b": {"x": [1, {"y": 2}]}, "a": "s", "c": []}',
      "v.tfvars.json",
      {
        rootProperty: (name, v) => {
          seen.push(`${name}=${consoleString(v).replace(/\s+/g, " ")}`);
          return numberVal(String(seen.length));
        },
      },
    );
    expect(diagnostics).toEqual([]);
    // Source order, root properties only, each once its value is complete.
    expect(seen).toEqual(['b={ "x" = [ 1, { "y" = 2 }, ] }', 'a="s"', "c=[]"]);
    expect(consoleString(value!)).toBe('{\n  "a" = 2\n  "b" = 1\n  "c" = 3\n}');
  });

  it("tells rootProperty where each value is written, on its own line and column", () => {
    const ranges: string[] = [];
    parseJSONValue('{\n  "a": "s",\n  "b": {\n    "x": [1]\n  }\n}\n', "v.tfvars.json", {
      rootProperty: (name, v, range) => {
        const r = range();
        ranges.push(
          `${name} ${r.filename}:${r.start.line},${r.start.column}-${r.end.line},${r.end.column} @${r.start.byte}`,
        );
        return v;
      },
    });
    expect(ranges).toEqual(["a v.tfvars.json:2,8-2,11 @9", "b v.tfvars.json:3,8-5,4 @21"]);
  });

  it("gives rootProperty nothing for a root that is not an object, nor a repeated property", () => {
    const seen: string[] = [];
    const rootProperty = (name: string, v: Value) => {
      seen.push(name);
      return v;
    };
    expect(parseJSONValue('[{"a": 1}]', "v.json", { rootProperty }).value?.type.kind).toBe("tuple");
    expect(parseJSONValue('"a"', "v.json", { rootProperty }).value?.asString()).toBe("a");
    const dup = parseJSONValue('{"a": 1, "b": 2, "a": 3}', "v.json", { rootProperty });
    expect(dup.value).toBeNull();
    expect(seen).toEqual(["a", "b"]);
  });

  it("gives the same value and diagnostics with a rootProperty that keeps every value", () => {
    const keep = { rootProperty: (_: string, v: Value) => v };
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.nat(),
        fc.constantFrom("", "}", ",", '"', ":", "[", "1"),
        (data, at, damage) => {
          const text = JSON.stringify(data);
          const src = text.slice(0, at % (text.length + 1)) + damage + text.slice(at % (text.length + 1));
          const plain = parseJSONValue(src, "v.json");
          const kept = parseJSONValue(src, "v.json", keep);
          expect(kept.diagnostics).toEqual(plain.diagnostics);
          expect(kept.value === null ? null : consoleString(kept.value)).toBe(
            plain.value === null ? null : consoleString(plain.value),
          );
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);
});
