// The comparison and arithmetic operators on numbers, as cty's stdlib functions compute them.
import { boolVal, CtyError, type CtyNumber, numberVal, type Value } from "@tofukit/cty";
import type { BinaryOpExpr } from "./ast.js";

const TRUE_VAL = boolVal(true);
const FALSE_VAL = boolVal(false);

/**
 * cty's Modulo function: Value.Modulo (`x % 0` is `x`, an infinity on either side gives the
 * product), with the failure of zero times infinity in the function's words.
 */
function modulo(x: CtyNumber, y: CtyNumber): CtyNumber {
  if ((x.infinite && y.isZero()) || (y.infinite && x.isZero())) {
    throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", "can't use modulo with zero and infinity");
  }
  return x.mod(y);
}

/** A comparison or arithmetic operator on two numbers; throws CtyError where cty fails. */
export function numberOperation(op: BinaryOpExpr["op"], x: CtyNumber, y: CtyNumber): Value {
  switch (op) {
    case "<":
      return x.compare(y) < 0 ? TRUE_VAL : FALSE_VAL;
    case "<=":
      return x.compare(y) <= 0 ? TRUE_VAL : FALSE_VAL;
    case ">":
      return x.compare(y) > 0 ? TRUE_VAL : FALSE_VAL;
    case ">=":
      return x.compare(y) >= 0 ? TRUE_VAL : FALSE_VAL;
    case "+":
      return numberVal(x.add(y));
    case "-":
      return numberVal(x.sub(y));
    case "*":
      return numberVal(x.mul(y));
    case "/":
      return numberVal(x.div(y));
    default:
      return numberVal(modulo(x, y));
  }
}
