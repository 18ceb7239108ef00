// Conditionals (`c ? a : b`, hclsyntax's ConditionalExpr): both results evaluated and unified to
// one type before the condition picks one, with the diagnostics of the branch not taken dropped.
import { unify } from "@tofukit/convert";
import {
  marksOf,
  nullVal,
  type Type,
  t,
  typeEquals,
  unknownVal,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import type { ConditionalExpr } from "./ast.js";
import { describeConditionalTypeMismatch } from "./conditional-mismatch.js";
import { CallEvaluator } from "./eval-call.js";
import { isTrue, remark, type Scope } from "./eval-scope.js";
import { rangeBetween } from "./pos.js";
import { unknownConditionResult } from "./unknown-condition.js";
import { convertValue } from "./value-conversion.js";

/** The null of type `dynamic` a literal `null` gives, unmarked (RawEquals(NullVal(DynamicPseudoType))). */
function isNullLiteral(v: Value): boolean {
  return v.isNull && v.type.kind === "dynamic" && marksOf(v).size === 0;
}

function isPrimitive(type: Type): boolean {
  const kind = type.kind;
  return kind === "string" || kind === "number" || kind === "bool";
}

/** The marks of all three values (the shared empty set when none has any, as is usual). */
function allMarks(a: Value, b: Value, c: Value): ReadonlySet<string> {
  const ma = marksOf(a);
  const mb = marksOf(b);
  const mc = marksOf(c);
  if (ma.size === 0 && mb.size === 0 && mc.size === 0) return ma;
  const marks = new Set<string>(ma);
  for (const m of mb) marks.add(m);
  for (const m of mc) marks.add(m);
  return marks;
}

export abstract class ConditionalEvaluator extends CallEvaluator {
  protected conditional(e: ConditionalExpr, scope: Scope | null): Value {
    const tv = this.capture(e.trueResult, scope);
    const trueDiags = this.captured;
    const fv = this.capture(e.falseResult, scope);
    const falseDiags = this.captured;
    let resultType: Type | null;
    let convertTrue = false;
    let convertFalse = false;
    if (isNullLiteral(tv)) {
      resultType = fv.type;
      convertTrue = true;
    } else if (isNullLiteral(fv)) {
      resultType = tv.type;
      convertFalse = true;
    } else if (tv.type.kind === "dynamic" || fv.type.kind === "dynamic") {
      resultType = t.dynamic;
    } else if (tv.type === fv.type && isPrimitive(tv.type)) {
      // The usual case, both results of one primitive type: it unifies to itself unconverted.
      resultType = tv.type;
    } else {
      resultType = unify([tv.type, fv.type], { unsafe: true });
      if (resultType !== null) {
        convertTrue = !typeEquals(tv.type, resultType);
        convertFalse = !typeEquals(fv.type, resultType);
      }
    }
    if (resultType === null) {
      return this.error(
        "Inconsistent conditional result types",
        `The true and false result expressions must have consistent types. ${describeConditionalTypeMismatch(tv.type, fv.type)}.`,
        rangeBetween(e.trueResult.range, e.falseResult.range),
        e.range,
      );
    }
    const cond = this.eval(e.condition, scope);
    if (cond.isNull) {
      this.error(
        "Null condition",
        "The condition value is null. Conditions must either be true or false.",
        e.condition.range,
        e.range,
      );
      return unknownVal(resultType);
    }
    // Marks of all three values go onto the result, whichever branch is taken.
    const marks = allMarks(cond, tv, fv);
    const c = unmarkedVal(cond);
    const whenTrue = unmarkedVal(tv);
    const whenFalse = unmarkedVal(fv);
    if (!c.isKnown) {
      if (whenTrue.isNull && whenFalse.isNull) return remark(nullVal(resultType), marks);
      return remark(unknownConditionResult(whenTrue, whenFalse, resultType), marks);
    }
    const b = convertValue(c, t.bool);
    if (!b.ok) {
      this.error(
        "Incorrect condition type",
        "The condition expression must be of type bool.",
        e.condition.range,
        e.range,
      );
      return unknownVal(resultType);
    }
    const takeTrue = isTrue(b.value);
    this.pushAll(takeTrue ? trueDiags : falseDiags);
    let chosen = takeTrue ? whenTrue : whenFalse;
    if (takeTrue ? convertTrue : convertFalse) {
      const converted = convertValue(chosen, resultType);
      if (converted.ok) chosen = converted.value;
      else {
        const branch = takeTrue ? e.trueResult : e.falseResult;
        this.error(
          "Inconsistent conditional result types",
          `The ${takeTrue ? "true" : "false"} result value has the wrong type: ${converted.message}.`,
          branch.range,
          e.range,
        );
        chosen = unknownVal(resultType);
      }
    }
    return remark(chosen, marks);
  }
}
