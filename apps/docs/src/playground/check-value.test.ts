import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { checkValue, TYPE_FILE, VALUE_FILE } from "./check-value.js";
import { bucketsExample } from "./presets.js";

interface Vector {
  readonly expr: string;
  readonly hcl?: string;
  readonly want: { ok: boolean; console?: string; stage?: string; error?: string; errorOneOf?: string[] };
}

const vectors = readFileSync(
  join(import.meta.dirname, "../../../../conformance/vectors/convert.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => parse(l) as unknown as Vector)
  .filter((v) => v.hcl !== undefined);

describe("checkValue", () => {
  it("gives every convert vector's answer from its HCL text", { timeout: 60_000 }, () => {
    for (const v of vectors) {
      const check = checkValue(v.expr, v.hcl!);
      if (v.want.ok) {
        expect(check.console, v.expr).toBe(v.want.console);
      } else {
        expect(check.console, v.expr).toBeUndefined();
        if (v.want.stage === "convert") {
          const allowed = v.want.errorOneOf ?? [v.want.error!];
          const detail = check.diagnostics[0]!.detail;
          expect(
            allowed.some((e) => detail.includes(`: ${e}.`)),
            `${v.expr}: ${detail}`,
          ).toBe(true);
        }
      }
    }
    expect(vectors.length).toBeGreaterThan(2_000);
  });

  it("describes the buckets constraint: its type string and its defaults, top-down", () => {
    const check = checkValue(bucketsExample.type, bucketsExample.value);
    expect(check.typeString).toBe(
      "list(object({enabled=bool,name=string,website=object({error_document=string,index_document=string,routing_rules=string})}))",
    );
    expect(check.defaults).toEqual([
      "[*].enabled = true",
      '[*].website = {\n  "error_document" = tostring(null)\n  "index_document" = tostring(null)\n  "routing_rules" = tostring(null)\n}',
      '[*].website.error_document = "error.html"',
      '[*].website.index_document = "index.html"',
    ]);
    expect(check.json?.type).toBe(
      '["list",["object",{"enabled":"bool","name":"string","website":["object",{"error_document":"string","index_document":"string","routing_rules":"string"}]}]]',
    );
  });

  it("puts a conversion error at the part of the value that is wrong", () => {
    const value = '{\n  name = "web"\n  port = "eighty"\n}';
    const [diag] = checkValue("object({ name = string, port = number })", value).diagnostics;
    expect(diag!.subject?.filename).toBe(VALUE_FILE);
    expect(value.slice(diag!.subject!.start.byte, diag!.subject!.end.byte)).toBe('"eighty"');
    expect(diag!.detail).toBe(
      "The given value is not suitable for the type constraint: a number is required.\n\nThe problem is at port.",
    );
  });

  it("reports an invalid constraint in the type editor and a syntax error in the value editor", () => {
    expect(checkValue("list(optional(string))", "[]").diagnostics[0]).toMatchObject({
      summary: "Invalid type specification",
      subject: { filename: TYPE_FILE },
    });
    expect(checkValue("string", "[1,").diagnostics[0]?.subject?.filename).toBe(VALUE_FILE);
  });
});
