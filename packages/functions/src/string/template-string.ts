// OpenTofu's templatestring: a string rendered as a template with the given variables and the
// whole function table.
import { type CtyFunction, FunctionError, t } from "@tofukit/cty";
import { parseTemplate } from "@tofukit/hcl";
import { param, unmarkTop, valueFunction, withMarks } from "../function-spec.js";
import { diagnosticsText, renderTemplate } from "../render-template.js";

// OpenTofu parses the template under this name, and leaves positions out of its messages for it.
const FILENAME = "NoFileNeeded";

/** templatestring, rendering with the table `functions()` gives at call time. */
export function templateStringFunction(functions: () => Readonly<Record<string, CtyFunction>>): CtyFunction {
  return valueFunction({
    params: [param("data", t.string, { allowMarked: true }), param("vars", t.dynamic, { allowMarked: true })],
    // The rendered value's type is known only by rendering, which the call does.
    type: () => t.dynamic,
    impl: ([data, vars]) => {
      const { value: text, marks: dataMarks } = unmarkTop(data!);
      const { value: varsVal, marks: varsMarks } = unmarkTop(vars!);
      const { expr, diagnostics } = parseTemplate(text.asString(), FILENAME);
      if (diagnostics.some((d) => d.severity === "error"))
        throw new FunctionError(diagnosticsText(diagnostics));
      const result = renderTemplate(expr, varsVal, functions(), false);
      return withMarks(result, dataMarks, varsMarks);
    },
  });
}
