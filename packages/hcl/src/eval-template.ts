// Templates: the parts of a string or heredoc joined into one string (hclsyntax's TemplateExpr),
// and `%{for}` directives, whose `for` expression's results are joined (TemplateJoinExpr).
import {
  markedVal,
  marksOf,
  stringVal,
  t,
  unknownVal,
  unmarkedVal,
  type Value,
  withMarksOf,
} from "@tofukit/cty";
import type { TemplateExpr, TemplateJoinExpr } from "./ast.js";
import { ForEvaluator } from "./eval-for.js";
import { remark, type Scope } from "./eval-scope.js";
import { convertValue } from "./value-conversion.js";

export abstract class TemplateEvaluator extends ForEvaluator {
  /** A template's value; its range is read only for a diagnostic. */
  protected template(expr: TemplateExpr, scope: Scope | null): Value {
    const parts = expr.parts;
    const start = this.diags.length;
    let out = "";
    let known = true;
    let marks: Set<string> | null = null;
    for (const part of parts) {
      // A literal part is a known, unmarked string: no conversion, no checks.
      if (part.kind === "literal" && part.value.type === "string") {
        if (known && this.diags.length === start) out += part.value.value;
        continue;
      }
      const v = this.eval(part, scope);
      if (v.isNull) {
        this.error(
          "Invalid template interpolation value",
          "The expression result is null. Cannot include a null value in a string template.",
          part.range,
          expr.range,
        );
        continue;
      }
      const own = marksOf(v);
      if (own.size > 0) {
        marks ??= new Set();
        for (const m of own) marks.add(m);
      }
      if (!v.isKnown) {
        known = false;
        continue;
      }
      if (own.size === 0 && v.type === t.string) {
        // Already an unmarked string: what its conversion would give, without a result object.
        if (known && this.diags.length === start) out += v.asString();
        continue;
      }
      const s = convertValue(own.size > 0 ? unmarkedVal(v) : v, t.string);
      if (!s.ok) {
        this.error(
          "Invalid template interpolation value",
          `Cannot include the given value in a string template: ${s.message}.`,
          part.range,
          expr.range,
        );
        continue;
      }
      if (known && this.diags.length === start) out += s.value.asString();
    }
    const result = known ? stringVal(out) : unknownVal(t.string);
    return marks === null ? result : markedVal(result, marks);
  }

  protected templateJoin(expr: TemplateJoinExpr, scope: Scope | null): Value {
    const tuple = this.forExpr(expr.tuple, scope);
    if (tuple.type.kind !== "tuple" || !tuple.isKnown || tuple.isNull)
      return withMarksOf(unknownVal(t.string), tuple);
    const marks = new Set<string>(marksOf(tuple));
    let out = "";
    for (const e of unmarkedVal(tuple).elements()) {
      if (e.isNull) {
        this.error(
          "Invalid template interpolation value",
          "An iteration result is null. Cannot include a null value in a string template.",
          expr.range,
        );
        continue;
      }
      if (e.type.kind === "dynamic") return remark(unknownVal(t.string), marksOf(tuple));
      const s = convertValue(e, t.string);
      if (!s.ok) {
        this.error(
          "Invalid template interpolation value",
          `Cannot include one of the interpolation results into the string template: ${s.message}.`,
          expr.range,
        );
        continue;
      }
      if (!e.isKnown) return remark(unknownVal(t.string), marksOf(tuple));
      for (const m of marksOf(s.value)) marks.add(m);
      out += unmarkedVal(s.value).asString();
    }
    return remark(stringVal(out), marks);
  }
}
