import {
  type ClosureDiagnostic,
  type ClosureResult,
  type CtyFunction,
  stringVal,
  t,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const table = openTofuFunctions();

function closure(result: ClosureResult) {
  let evaluated = 0;
  return {
    evaluate: () => {
      evaluated++;
      return result;
    },
    get evaluated() {
      return evaluated;
    },
  };
}

function diag(summary: string, detail: string, line?: number): ClosureDiagnostic {
  if (line === undefined) return { severity: "error", summary, detail };
  return {
    severity: "error",
    summary,
    detail,
    subject: {
      filename: "main.tf",
      start: { line, column: 5, byte: 0 },
      end: { line, column: 12, byte: 7 },
    },
  };
}

const ok = (value: Value) => closure({ value, errors: [] });
const bad = (...errors: ClosureDiagnostic[]) => closure({ value: unknownVal(t.dynamic), errors });

function callClosures(f: CtyFunction, ...args: ReturnType<typeof closure>[]): Value {
  if (f.spec.kind !== "closures") throw new Error("not a closure function");
  return f.spec.call(args);
}

describe("can", () => {
  it("is true when the expression evaluates without errors", () => {
    expect(callClosures(table.can!, ok(stringVal("x"))).asBool()).toBe(true);
    expect(callClosures(table.can!, bad(diag("Invalid index", "nope"))).asBool()).toBe(false);
  });
  it("is unknown while the value is not wholly known", () => {
    expect(callClosures(table.can!, ok(unknownVal(t.string))).isKnown).toBe(false);
  });
});

describe("try", () => {
  it("gives the first expression that succeeds and evaluates no further", () => {
    const later = ok(stringVal("b"));
    const r = callClosures(table.try!, bad(diag("Unsupported attribute", "x")), ok(stringVal("a")), later);
    expect(r.asString()).toBe("a");
    expect(later.evaluated).toBe(0);
  });
  it("is unknown of unknown type for a result not yet known", () => {
    const r = callClosures(table.try!, ok(unknownVal(t.string)));
    expect(r.isKnown).toBe(false);
    expect(r.type.kind).toBe("dynamic");
  });
  it("lists every failure when nothing succeeds", () => {
    let message = "";
    try {
      callClosures(
        table.try!,
        bad(diag("Unsupported attribute", 'This object does not have an attribute named "foo".', 3)),
        bad(diag("Invalid index", "The given key does not identify an element in this collection value.")),
      );
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(
      "no expression succeeded:\n" +
        "- Unsupported attribute (at main.tf:3,5-12)\n" +
        '  This object does not have an attribute named "foo".\n' +
        "- Invalid index\n" +
        "  The given key does not identify an element in this collection value.\n" +
        "\nAt least one expression must produce a successful result",
    );
  });
  it("needs at least one argument", () => {
    expect(() => callClosures(table.try!)).toThrow("at least one argument is required");
  });
});
