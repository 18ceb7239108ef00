// convert.jsonl: defaults and conversion through the public APIs of @tofukit/typeexpr,
// @tofukit/cty, @tofukit/convert and @tofukit/hcl, as OpenTofu handles a variable's value.
import { ConversionError, convertWithDefaults, formatPath } from "@tofukit/convert";
import {
  CtyError,
  CtyNumber,
  compareStrings,
  consoleString,
  typeEquals,
  typeFromJSON,
  type Value,
  valueFromJSON,
  valueToJSON,
} from "@tofukit/cty";
import { evaluateConstant, HCLError, hasErrors, parseExpression } from "@tofukit/hcl";
import { parseTypeConstraint, TypeExprError } from "@tofukit/typeexpr";
import { isLosslessNumber, parse } from "lossless-json";
import type { OpRunner, Vector } from "../op-runner.js";

interface DiagText {
  readonly summary: string;
  readonly detail: string;
}

type ConvertAnswer =
  | { readonly ok: true; readonly type: unknown; readonly value: unknown; readonly console: string }
  | { readonly ok: false; readonly stage: "convert"; readonly error: string; readonly path: string }
  | {
      readonly ok: false;
      readonly stage: "type";
      readonly diags: readonly [{ stage: string }, ...DiagText[]];
    }
  | { readonly ok: false; readonly stage: "value" | "internal"; readonly error: string };

interface ConvertWant {
  readonly ok: boolean;
  readonly stage?: string;
  readonly type?: unknown;
  readonly value?: unknown;
  readonly console?: string;
  readonly error?: string;
  readonly errorOneOf?: readonly string[];
  readonly path?: string;
  readonly diags?: readonly [{ stage: string }, ...DiagText[]];
}

/** The variable's value: the line's cty JSON `input`, else its `hcl` text evaluated as a constant. */
function inputValue(data: Record<string, unknown>): Value | ConvertAnswer {
  const input = data.input as { type: unknown; value: unknown } | undefined;
  if (input !== undefined) return valueFromJSON(input.value, typeFromJSON(input.type), { parsed: true });
  const hcl = data.hcl;
  if (typeof hcl !== "string") return { ok: false, stage: "internal", error: "no input" };
  const parsed = parseExpression(hcl, "<value>");
  if (hasErrors(parsed.diagnostics)) return { ok: false, stage: "value", error: "invalid expression" };
  try {
    return evaluateConstant(parsed.expr);
  } catch (error) {
    if (error instanceof HCLError) return { ok: false, stage: "value", error: "not a constant" };
    throw error;
  }
}

function run(vector: Vector): ConvertAnswer {
  let constraint: ReturnType<typeof parseTypeConstraint>;
  try {
    constraint = parseTypeConstraint(vector.data.expr as string);
  } catch (error) {
    if (error instanceof TypeExprError) {
      const stage = error.code === "TOFUKIT_TYPEEXPR_SYNTAX" ? "syntax" : "typeexpr";
      return {
        ok: false,
        stage: "type",
        diags: [{ stage }, ...error.diagnostics.map((d) => ({ summary: d.summary, detail: d.detail }))],
      };
    }
    return { ok: false, stage: "internal", error: String(error) };
  }
  try {
    const given = inputValue(vector.data);
    if (!(given instanceof Object) || !("type" in given) || "ok" in given) return given as ConvertAnswer;
    const value = given as Value;
    const out = convertWithDefaults(value, constraint.type, constraint.defaults);
    return {
      ok: true,
      type: JSON.parse(out.type.key),
      value: parse(valueToJSON(out)),
      console: consoleString(out),
    };
  } catch (error) {
    if (error instanceof ConversionError) {
      return { ok: false, stage: "convert", error: error.message, path: formatPath(error.path) };
    }
    if (error instanceof CtyError) return { ok: false, stage: "internal", error: error.message };
    return { ok: false, stage: "internal", error: String(error) };
  }
}

/** JSON text with object keys sorted, arrays in order and numbers as exact decimals. */
function canonical(data: unknown): string {
  if (data === null) return "null";
  if (isLosslessNumber(data)) return CtyNumber.parse(data.value)?.toString() ?? data.value;
  if (typeof data === "string" || typeof data === "boolean") return JSON.stringify(data);
  if (Array.isArray(data)) return `[${data.map(canonical).join(",")}]`;
  if (typeof data === "object") {
    const record = data as Record<string, unknown>;
    const keys = Object.keys(record).sort(compareStrings);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(",")}}`;
  }
  return String(data);
}

function sameType(a: unknown, b: unknown): boolean {
  try {
    return typeEquals(typeFromJSON(a), typeFromJSON(b));
  } catch {
    return false;
  }
}

function compare(vector: Vector, got: unknown): string | null {
  const want = vector.data.want as ConvertWant;
  const answer = got as ConvertAnswer;
  if (answer.ok !== want.ok) return `ok: wanted ${want.ok}, got ${answer.ok}`;
  if (answer.ok) {
    if (!sameType(answer.type, want.type)) return "type differs";
    if (canonical(answer.value) !== canonical(want.value)) return "value differs";
    if (answer.console !== want.console) return "console differs";
    return null;
  }
  if (answer.stage !== want.stage) return `stage: wanted ${want.stage}, got ${answer.stage}`;
  switch (answer.stage) {
    case "convert": {
      const allowed = want.errorOneOf ?? [want.error ?? ""];
      if (!allowed.includes(answer.error)) return "error differs";
      if (answer.path !== (want.path ?? "")) return "path differs";
      return null;
    }
    case "type": {
      const [wantStage, ...wantDiags] = want.diags ?? [{ stage: "?" }];
      const [gotStage, ...gotDiags] = answer.diags;
      if (gotStage.stage !== wantStage.stage)
        return `type stage: wanted ${wantStage.stage}, got ${gotStage.stage}`;
      if (wantStage.stage === "syntax") return null;
      if (gotDiags.length !== wantDiags.length)
        return `wanted ${wantDiags.length} diagnostics, got ${gotDiags.length}`;
      for (const [i, w] of wantDiags.entries()) {
        const g = gotDiags[i] as DiagText;
        if (g.summary !== w.summary || g.detail !== w.detail) return `diagnostic ${i + 1} differs`;
      }
      return null;
    }
    default:
      return null;
  }
}

export const convertOp: OpRunner = { op: "convert", run, compare };
