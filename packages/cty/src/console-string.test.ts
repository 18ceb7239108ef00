import { describe, expect, it } from "vitest";
import { consoleString, writeConsoleString } from "./console-string.js";
import { t } from "./type.js";
import {
  boolVal,
  listVal,
  listValEmpty,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  tupleVal,
  unknownVal,
} from "./value.js";

describe("consoleString", () => {
  it.each([
    [nullVal(t.dynamic), "null"],
    [nullVal(t.string), "tostring(null)"],
    [nullVal(t.number), "tonumber(null)"],
    [nullVal(t.bool), "tobool(null)"],
    [nullVal(t.list(t.number)), "tolist(null) /* of number */"],
    [nullVal(t.set(t.list(t.set(t.number)))), "toset(null) /* of list of set of number */"],
    [nullVal(t.map(t.dynamic)), "tomap(null) /* of dynamic */"],
    [nullVal(t.object({ a: t.string })), "null /* object */"],
    [nullVal(t.tuple([])), "null /* tuple */"],
    [unknownVal(t.string), "(known after apply)"],
  ])("renders typed nulls: %s", (v, want) => {
    expect(consoleString(v)).toBe(want);
  });

  it("renders numbers as exact decimals", () => {
    expect(consoleString(numberVal("1.5e-7"))).toBe("0.00000015");
    expect(consoleString(numberVal("-0"))).toBe("-0");
  });

  it("renders collections with one element per line and sorted keys", () => {
    const v = tupleVal([
      listVal([stringVal("a")]),
      objectVal({ z: boolVal(true), a: mapVal({ k: numberVal(1) }) }),
      setVal([numberVal(2), numberVal(1)]),
      listValEmpty(t.string),
      objectVal({}),
    ]);
    expect(consoleString(v)).toBe(
      [
        "[",
        "  tolist([",
        '    "a",',
        "  ]),",
        "  {",
        '    "a" = tomap({',
        '      "k" = 1',
        "    })",
        '    "z" = true',
        "  },",
        "  toset([",
        "    1,",
        "    2,",
        "  ]),",
        "  tolist([]),",
        "  {},",
        "]",
      ].join("\n"),
    );
  });

  it("renders multi-line strings as heredocs, indented when nested", () => {
    expect(consoleString(stringVal("multi\nline"))).toBe("<<EOT\nmulti\nline\nEOT");
    expect(consoleString(objectVal({ a: stringVal("multi\nline") }))).toBe(
      '{\n  "a" = <<-EOT\n  multi\n  line\n  EOT\n}',
    );
    expect(consoleString(tupleVal([stringVal("x\ny")]))).toBe("[\n  <<-EOT\n  x\n  y\n  EOT,\n]");
  });

  it("extends the heredoc delimiter while a trimmed line equals it", () => {
    expect(consoleString(stringVal("EOT\n  EOT_ \nx"))).toBe("<<EOT__\nEOT\n  EOT_ \nx\nEOT__");
  });
});

describe("consoleString of many objects", () => {
  it("renders objects of a shared type and of types of their own alike", () => {
    const shared = t.object({ b: t.string, "a key": t.number });
    const one = (i: number, hint?: typeof shared) =>
      objectVal({ b: stringVal(`x${i}`), "a key": numberVal(i) }, hint);
    const expected = (i: number) => `  {\n    "a key" = ${i}\n    "b" = "x${i}"\n  },\n`;
    const text = `[\n${[0, 1, 2, 3].map(expected).join("")}]`;
    const hint = one(0).type as typeof shared;
    expect(consoleString(tupleVal([0, 1, 2, 3].map((i) => one(i))))).toBe(text);
    expect(consoleString(tupleVal([0, 1, 2, 3].map((i) => one(i, hint))))).toBe(text);
    // Rendered again, now from the cached line starts, and at another depth.
    expect(consoleString(tupleVal([0, 1, 2, 3].map((i) => one(i, hint))))).toBe(text);
    expect(consoleString(objectVal({ k: one(5, hint) }))).toBe(
      '{\n  "k" = {\n    "a key" = 5\n    "b" = "x5"\n  }\n}',
    );
  });
});

describe("writeConsoleString", () => {
  it("writes exactly consoleString's text, in pieces for a large value", () => {
    const big = listVal(
      Array.from({ length: 3000 }, (_, i) =>
        objectVal({ name: stringVal(`item-${i}`), note: stringVal(i % 7 === 0 ? "two\nlines" : "one") }),
      ),
    );
    for (const value of [big, stringVal("x"), nullVal(t.list(t.string))]) {
      const pieces: string[] = [];
      writeConsoleString(value, (p) => pieces.push(p));
      expect(pieces.join("")).toBe(consoleString(value));
      if (value === big) expect(pieces.length).toBeGreaterThan(1);
    }
  }, 60_000);
});
