// OpenTofu's coalesce: the first argument that is neither null nor an empty string, all
// arguments converted to their unified type.
import { ConversionError, convert, unify } from "@tofukit/convert";
import { type CtyFunction, FunctionError, t, unknownVal, type Value } from "@tofukit/cty";
import { param, valueFunction } from "../function-spec.js";

export function coalesceFunction(): CtyFunction {
  return valueFunction({
    params: [],
    varParam: param("vals", t.dynamic, { allowUnknown: true, allowDynamicType: true, allowNull: true }),
    type: (args) => {
      const ty = unify(
        args.map((a) => a.type),
        { unsafe: true },
      );
      if (ty === null) throw new FunctionError("all arguments must have the same type");
      return ty;
    },
    impl: (args, retType) => {
      for (const arg of args) {
        let v: Value = arg;
        try {
          v = convert(arg, retType);
        } catch (e) {
          if (!(e instanceof ConversionError)) throw e;
        }
        if (!v.isKnown) return unknownVal(retType);
        if (v.isNull) continue;
        if (retType.kind === "string" && v.asString() === "") continue;
        return v;
      }
      throw new FunctionError("no non-null, non-empty-string arguments");
    },
  });
}
