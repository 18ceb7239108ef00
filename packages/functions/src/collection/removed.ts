// `list` and `map`, removed since Terraform v0.12: OpenTofu keeps them only to explain that.
import { type CtyFunction, FunctionError, t } from "@tofukit/cty";
import { param, valueFunction } from "../function-spec.js";

function removed(name: string, replacement: string): CtyFunction {
  const message = `the "${name}" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use ${replacement} syntax to write a literal ${name}`;
  return valueFunction({
    params: [],
    varParam: param("vals", t.dynamic, { allowUnknown: true, allowDynamicType: true, allowNull: true }),
    type: () => {
      throw new FunctionError(message);
    },
    impl: () => {
      throw new FunctionError(message);
    },
  });
}

/** `list` and `map`, which fail with OpenTofu's explanation. */
export function removedFunctions(): Record<string, CtyFunction> {
  return { list: removed("list", "tolist([ ... ])"), map: removed("map", "tomap({ ... })") };
}
