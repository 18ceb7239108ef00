// What an expression in a module instance can refer to, as `tofu plan` sees it before anything
// is created: `var.*` (the instance's final values, marked sensitive as declared), `local.*`,
// `path.*`, `terraform.workspace`, `count.index` and `each.*` where the call repeats; resources,
// data sources and module outputs are unknown (dynamic) values. References to names the module
// does not declare get OpenTofu's errors.
import { dynamicVal, EPHEMERAL, markedVal, objectVal, SENSITIVE, stringVal, type Value } from "@tofukit/cty";
import {
  type Diagnostic,
  type Expression,
  errorDiag,
  nameSuggestion,
  rangeBetween,
  variables,
} from "@tofukit/hcl";
import type { Range, VariableDeclaration } from "./variable-declaration.js";

/** `count.index`, or `each.key` and `each.value`, of one instance of a repeated call. */
export type InstanceKeys =
  | { readonly kind: "none" }
  | { readonly kind: "count"; readonly index: Value }
  | { readonly kind: "each"; readonly key: Value; readonly value: Value };

export interface ScopeData {
  /** `module.a` in messages; "the root module" for the root. */
  readonly moduleName: string;
  readonly declarations: ReadonlyMap<string, VariableDeclaration>;
  /** The final value of each variable (unknown where it could not be computed). */
  readonly values: ReadonlyMap<string, Value>;
  readonly localNames: ReadonlySet<string>;
  /** The value of a local, evaluated on first use. */
  readonly local: (name: string, at: Range) => Value;
  readonly callNames: ReadonlySet<string>;
  readonly modulePath: string;
  readonly cwd: string;
  readonly workspace: string;
  readonly instance: InstanceKeys;
  /**
   * Evaluating a `source` or `version`, as OpenTofu's static evaluator does: an undeclared
   * variable is its "Undefined variable".
   */
  readonly staticContext?: boolean;
}

function error(summary: string, detail: string, subject: Range): Diagnostic {
  return errorDiag(summary, detail, subject);
}

/** A variable's value as expressions see it: marked sensitive or ephemeral as declared. */
function seenValue(decl: VariableDeclaration, value: Value): Value {
  const marks: string[] = [];
  if (decl.sensitive) marks.push(SENSITIVE);
  if (decl.ephemeral) marks.push(EPHEMERAL);
  return marks.length === 0 ? value : markedVal(value, marks);
}

/** The names the expression's references reach, and the problems with them. */
export function expressionContext(
  expr: Expression,
  scope: ScopeData,
  diags: Diagnostic[],
): Record<string, Value> {
  const vars = new Map<string, Value>();
  const locals = new Map<string, Value>();
  const calls = new Map<string, Value>();
  const out: Record<string, Value> = {};
  for (const ref of variables(expr)) {
    const root = ref.traversal[0];
    const step = ref.traversal[1];
    if (root?.kind !== "root") continue;
    const attr = step?.kind === "attr" ? step : undefined;
    switch (root.name) {
      case "var": {
        if (attr === undefined || vars.has(attr.name)) break;
        const decl = scope.declarations.get(attr.name);
        if (decl === undefined && scope.staticContext) {
          diags.push(error("Undefined variable", `Undefined variable var.${attr.name}`, ref.range));
          vars.set(attr.name, dynamicVal);
        } else if (decl === undefined) {
          const similar = nameSuggestion(attr.name, scope.declarations.keys());
          diags.push(
            error(
              "Reference to undeclared input variable",
              `An input variable with the name ${JSON.stringify(attr.name)} has not been declared.${similar === "" ? ` This variable can be declared with a variable ${JSON.stringify(attr.name)} {} block.` : ` Did you mean ${JSON.stringify(similar)}?`}`,
              ref.range,
            ),
          );
          vars.set(attr.name, dynamicVal);
        } else vars.set(attr.name, seenValue(decl, scope.values.get(attr.name) ?? dynamicVal));
        break;
      }
      case "local": {
        if (attr === undefined || locals.has(attr.name)) break;
        if (!scope.localNames.has(attr.name)) {
          const similar = nameSuggestion(attr.name, scope.localNames);
          diags.push(
            error(
              "Reference to undeclared local value",
              `A local value with the name ${JSON.stringify(attr.name)} has not been declared.${similar === "" ? "" : ` Did you mean ${JSON.stringify(similar)}?`}`,
              ref.range,
            ),
          );
          locals.set(attr.name, dynamicVal);
        } else locals.set(attr.name, scope.local(attr.name, ref.range));
        break;
      }
      case "module": {
        if (attr === undefined || calls.has(attr.name)) break;
        if (!scope.callNames.has(attr.name)) {
          diags.push(
            error(
              "Reference to undeclared module",
              `No module call named ${JSON.stringify(attr.name)} is declared in ${scope.moduleName}.`,
              // OpenTofu's reference is the object named (`module.x`), not the attribute after it.
              rangeBetween(root.range, attr.range),
            ),
          );
        }
        // A module's outputs are known only once it is applied.
        calls.set(attr.name, dynamicVal);
        break;
      }
      case "count":
        if (scope.instance.kind === "count") out.count = objectVal({ index: scope.instance.index });
        else {
          diags.push(
            error(
              'Reference to "count" in non-counted context',
              'The "count" object can only be used in "module", "resource", and "data" blocks, and only when the "count" argument is set.',
              ref.range,
            ),
          );
          out.count = objectVal({ index: dynamicVal });
        }
        break;
      case "each":
        if (scope.instance.kind === "each") {
          out.each = objectVal({ key: scope.instance.key, value: scope.instance.value });
        } else {
          diags.push(
            error(
              'Reference to "each" in context without for_each',
              'The "each" object can be used only in "module" or "resource" blocks, and only when the "for_each" argument is set.',
              ref.range,
            ),
          );
          out.each = objectVal({ key: dynamicVal, value: dynamicVal });
        }
        break;
      case "path":
        out.path = objectVal({
          module: stringVal(scope.modulePath),
          root: stringVal("."),
          cwd: stringVal(scope.cwd),
        });
        break;
      case "terraform":
      case "tofu":
        out[root.name] = objectVal({ workspace: stringVal(scope.workspace) });
        break;
      default:
        // Resources, data sources and the like: nothing is known of them before a plan.
        out[root.name] = dynamicVal;
    }
  }
  if (vars.size > 0) out.var = objectVal(vars);
  if (locals.size > 0) out.local = objectVal(locals);
  if (calls.size > 0) out.module = objectVal(calls);
  return out;
}
