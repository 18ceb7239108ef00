// OpenTofu 1.13's convert(value, type) (internal/lang/type_conversion.go): the second argument
// is a type constraint written as in a variable block, read as syntax (hcl's customdecode),
// optional-attribute defaults included.
import { ConversionError, convertWithDefaults } from "@tofukit/convert";
import { CtyFunction, type ExpressionClosure, FunctionError, t, type Value } from "@tofukit/cty";
import { type Diagnostic, type Expression, HCLError } from "@tofukit/hcl";
import { TypeExprError, typeConstraintWithDefaults } from "@tofukit/typeexpr";
import type { FunctionOptions } from "../options.js";
import { keepMarks } from "./conversion-functions.js";

function convertCall([valueArg, typeArg]: readonly ExpressionClosure[]): Value {
  // Arguments are evaluated in order, and every problem of both is reported before giving up,
  // as hclsyntax does for a call's arguments.
  const { value, errors } = valueArg!.evaluate();
  const problems: Diagnostic[] = [...(errors as readonly Diagnostic[])];
  const expr = typeArg!.expression as Expression | undefined;
  if (expr === undefined) throw new FunctionError("a type constraint is required", 1);
  let constraint: ReturnType<typeof typeConstraintWithDefaults> | undefined;
  try {
    constraint = typeConstraintWithDefaults(expr);
  } catch (e) {
    if (!(e instanceof TypeExprError)) throw e;
    problems.push(...e.diagnostics);
  }
  if (problems.length > 0 || constraint === undefined) throw new HCLError("TOFUKIT_HCL_EVALUATION", problems);
  try {
    return keepMarks(convertWithDefaults(value, constraint.type, constraint.defaults), value);
  } catch (e) {
    if (e instanceof ConversionError) throw new FunctionError(e.message, 0);
    throw e;
  }
}

/** convert by name. */
export function convertFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    convert: new CtyFunction({
      kind: "closures",
      params: [
        {
          name: "value",
          type: t.dynamic,
          allowNull: true,
          allowUnknown: true,
          allowDynamicType: true,
          allowMarked: true,
        },
        { name: "type", type: t.dynamic },
      ],
      call: convertCall,
    }),
  };
}
