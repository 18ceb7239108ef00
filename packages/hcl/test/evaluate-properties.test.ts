// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  CtyFunction,
  listVal,
  markedVal,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  SENSITIVE,
  stringVal,
  t,
  unknownVal,
} from "@tofukit/cty";
import fc from "fast-check";
import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import {
  type EvalContext,
  evaluate,
  evaluateExpression,
  parseExpression,
  parseTemplate,
} from "../src/index.js";

/** Every expression of the conformance vectors: tfvars values and type constraints. */
function vectorExpressions(): string[] {
  const out: string[] = [];
  for (const file of ["convert.jsonl", "type.jsonl"]) {
    const path = fileURLToPath(new URL(`../../../conformance/vectors/${file}`, import.meta.url));
    for (const line of readFileSync(path, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const v = parse(line) as { hcl?: string; expr?: string };
      if (typeof v.hcl === "string") out.push(v.hcl);
      if (typeof v.expr === "string") out.push(v.expr);
    }
  }
  return out;
}

describe("evaluate with an empty context", () => {
  it("equals evaluateConstant on every expression of the conformance vectors", { timeout: 60_000 }, () => {
    const mismatches: string[] = [];
    for (const src of vectorExpressions()) {
      const { expr } = parseExpression(src);
      const constant = evaluateExpression(expr);
      for (const ctx of [undefined, {}]) {
        const r = evaluate(expr, ctx);
        const same =
          JSON.stringify(r.diagnostics) === JSON.stringify(constant.diagnostics) &&
          (constant.diagnostics.length > 0 || rawEquals(r.value, constant.value));
        if (!same) mismatches.push(src);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

const identity = new CtyFunction({
  params: [{ name: "v", type: t.dynamic, allowNull: true }],
  type: ([v]) => v!.type,
  impl: ([v]) => v!,
});
const concat = new CtyFunction({
  params: [],
  varParam: { name: "s", type: t.string },
  type: () => t.string,
  impl: (args) => stringVal(args.map((a) => a.asString()).join("")),
});
const tryFn = new CtyFunction({
  kind: "closures",
  params: [],
  varParam: { name: "expressions", type: t.dynamic },
  call: (args) => {
    for (const a of args) {
      const r = a.evaluate();
      if (r.errors.length === 0) return r.value;
    }
    return nullVal(t.dynamic);
  },
});

const randomCtx: EvalContext = {
  variables: {
    a: numberVal(1),
    s: stringVal("x"),
    l: listVal([stringVal("p"), stringVal("q")]),
    o: objectVal({ k: numberVal(2), n: nullVal(t.string) }),
    u: unknownVal(t.dynamic),
    secret: markedVal(stringVal("pw"), [SENSITIVE]),
  },
  functions: { identity, concat, try: tryFn },
};

const piece = fc.constantFrom(
  "a",
  "s",
  "l",
  "o",
  "u",
  "secret",
  "1",
  "0",
  "-",
  "2.5",
  '"x"',
  '"${a}"',
  '"%{if true}y%{endif}"',
  "null",
  "true",
  "false",
  "[",
  "]",
  "{",
  "}",
  "(",
  ")",
  ",",
  "=",
  "=>",
  ":",
  "?",
  ".",
  ".0",
  ".k",
  "[0]",
  "[*]",
  ".*",
  "...",
  "+",
  "*",
  "/",
  "%",
  "==",
  "!=",
  "<",
  "&&",
  "||",
  "!",
  "for",
  "in",
  "if",
  "identity(",
  "concat(",
  "try(",
  "nope(",
  " ",
);

describe("evaluate on random expressions", () => {
  it("gives diagnostics, never a thrown error", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const { expr } = parseExpression(pieces.join(" "));
        const r = evaluate(expr, randomCtx);
        expect(Array.isArray(r.diagnostics)).toBe(true);
        const c = evaluateExpression(expr);
        expect(Array.isArray(c.diagnostics)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });
});

/** Literal template text: no template sequences, no quotes or backslashes. */
const text = fc.stringMatching(/^[a-z \t\n]{0,8}$/);

describe("template strip markers", () => {
  it("trim the whitespace next to them and nothing else", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), fc.boolean(), (left, right, trimLeft, trimRight) => {
        const src = `${left}\${${trimLeft ? "~" : ""} "v" ${trimRight ? "~" : ""}}${right}`;
        const { expr, diagnostics } = parseTemplate(src);
        expect(diagnostics).toEqual([]);
        const want = `${trimLeft ? left.replace(/\s+$/u, "") : left}v${trimRight ? right.replace(/^\s+/u, "") : right}`;
        expect(evaluate(expr).value.asString()).toBe(want);
      }),
      { numRuns: 300 },
    );
  });

  // Within a line: a heredoc's literal text is one token per line, so a marker trims only up
  // to the end of its line there, while a bare template's text is one token across lines.
  it("read the same in a bare template and in a heredoc, within a line", { timeout: 30_000 }, () => {
    const line = fc.stringMatching(/^[a-z \t]{0,8}$/);
    fc.assert(
      fc.property(line, line, fc.boolean(), (left, right, trim) => {
        const body = `${left}%{${trim ? "~" : ""} if true ${trim ? "~" : ""}}${right}%{ endif }`;
        const bare = evaluate(parseTemplate(`${body}\n`).expr).value;
        const heredoc = evaluate(parseExpression(`<<EOT\n${body}\nEOT\n`).expr).value;
        expect(rawEquals(bare, heredoc)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
