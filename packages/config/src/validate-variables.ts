// The `validation` rules of root module variables, run as `tofu plan` runs them once every value
// is final: each rule in order, with the function library and the values it refers to; a
// condition that is not a bool is an error, one that is unknown passes for now, and a failed
// rule reports its error message (never a sensitive or ephemeral one) as OpenTofu does.

import { ConversionError, convert } from "@tofukit/convert";
import {
  dynamicVal,
  EPHEMERAL,
  type FunctionTable,
  markedVal,
  marksOf,
  type ObjectType,
  objectVal,
  objectValSorted,
  SENSITIVE,
  stringVal,
  t,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Diagnostic,
  diagnosticError,
  type EvalContext,
  type Evaluation,
  type Expression,
  errorDiag,
  evaluate,
  evaluateExpression,
  formatRange,
  functionCalls,
  nameSuggestion,
  type Traverser,
  variables,
  warningDiag,
} from "@tofukit/hcl";
import type { CheckedVariable } from "./check-variables.js";
import { inputVariableName } from "./references.js";
import type { ValidationOptions } from "./validation-options.js";
import type { ValidationRule, VariableDeclaration } from "./variable-declaration.js";

export interface RuleCounts {
  /** Rules evaluated. */
  readonly run: number;
  /** Rules evaluated whose condition was unknown: they depend on what only a plan knows. */
  readonly undecided: number;
  /** Rules not run because validation was turned off. */
  readonly skipped: number;
  /** Rules not run because a value they refer to could not be computed (reported already). */
  readonly blocked: number;
}

interface ValidationResult {
  readonly diagnostics: readonly Diagnostic[];
  readonly rules: RuleCounts;
}

type Outcome = "pass" | "fail" | "unknown" | "error";

const hasErrors = (diags: readonly Diagnostic[]) => diags.some((d) => d.severity === "error");

/** A variable's value as expressions see it: marked sensitive or ephemeral as declared. */
function seenValue(decl: VariableDeclaration, value: Value): Value {
  const marks: string[] = [];
  if (decl.sensitive) marks.push(SENSITIVE);
  if (decl.ephemeral) marks.push(EPHEMERAL);
  return marks.length === 0 ? value : markedVal(value, marks);
}

/** hcl.Diagnostics' Error(): the first diagnostic as `range: summary; detail`, and a count of the rest. */
function diagnosticsText(diags: readonly Diagnostic[]): string {
  const first = diags[0];
  if (first === undefined) return "no diagnostics";
  const one = diagnosticError(first);
  return diags.length === 1 ? one : `${one}, and ${diags.length - 1} other diagnostic(s)`;
}

function error(summary: string, detail: string, subject: NonNullable<Diagnostic["subject"]>): Diagnostic {
  return errorDiag(summary, detail, subject);
}

class RuleRunner {
  private table: FunctionTable | undefined;
  private readonly makeTable: () => FunctionTable;
  private readonly byName = new Map<string, CheckedVariable>();
  private readonly ownVar = new Map<CheckedVariable, Value>();

  constructor(
    variables: readonly CheckedVariable[],
    private readonly options: ValidationOptions,
    functions: () => FunctionTable,
  ) {
    this.makeTable = functions;
    for (const v of variables) this.byName.set(v.declaration.name, v);
  }

  /** The function library, made once and only if a rule runs. */
  private functions(): FunctionTable {
    this.table ??= this.makeTable();
    return this.table;
  }

  /**
   * The variables a rule's expressions may use: the variables they name, `path` and
   * `terraform`, and an unknown value for anything else (locals, resources, data sources,
   * modules), which only a plan could know.
   */
  context(
    rule: ValidationRule,
    self: CheckedVariable,
    diags: Diagnostic[],
  ): { variables: Record<string, Value>; blocked: boolean } {
    const refs = ruleReferences(rule);
    for (const item of refs.invalid) diags.push(item);
    const variables: Record<string, Value> = {};
    const selfName = self.declaration.name;
    // The usual rule refers to its own variable only: its `var` object is made once.
    if (refs.variables.every((v) => v.name === selfName)) {
      let own = this.ownVar.get(self);
      if (own === undefined) {
        own = ownVarObject(self.declaration, seenValue(self.declaration, self.value!));
        this.ownVar.set(self, own);
      }
      variables.var = own;
      this.addRoots(refs, variables);
      return { variables, blocked: false };
    }
    const vars = new Map<string, Value>();
    vars.set(selfName, seenValue(self.declaration, self.value!));
    let blocked = false;
    for (const { name, range } of refs.variables) {
      if (vars.has(name)) continue;
      const other = this.byName.get(name);
      if (other === undefined) {
        const similar = nameSuggestion(name, this.byName.keys());
        diags.push(
          error(
            "Reference to undeclared input variable",
            `An input variable with the name ${goQuote(name)} has not been declared.${similar === "" ? ` This variable can be declared with a variable ${goQuote(name)} {} block.` : ` Did you mean ${goQuote(similar)}?`}`,
            range,
          ),
        );
        continue;
      }
      if (other.value === undefined) blocked = true;
      else vars.set(name, seenValue(other.declaration, other.value));
    }
    this.addRoots(refs, variables);
    variables.var = objectVal(vars);
    return { variables, blocked };
  }

  private addRoots(refs: RuleReferences, variables: Record<string, Value>): void {
    for (const root of refs.roots) {
      if (root === "path") {
        const module = this.options.modulePath ?? ".";
        variables.path = objectVal({
          module: stringVal(module),
          root: stringVal(this.options.rootPath ?? module),
          cwd: stringVal(this.options.cwd ?? "."),
        });
      } else if (root === "terraform" || root === "tofu") {
        variables[root] = objectVal({ workspace: stringVal("default") });
      } else variables[root] = dynamicVal;
    }
  }

  run(self: CheckedVariable, rule: ValidationRule, out: Diagnostic[]): Outcome | "blocked" {
    const diags: Diagnostic[] = [];
    const { variables, blocked } = this.context(rule, self, diags);
    if (blocked) return "blocked";
    if (hasErrors(diags)) {
      for (const item of diags) out.push(item);
      return "error";
    }
    const ctx = { variables, functions: this.functions() };
    const condition = evaluate(rule.condition, ctx);
    for (const item of condition.diagnostics) diags.push(item);
    let message = evaluateMessage(rule, ctx);
    let messageDiags: readonly Diagnostic[] = message.diagnostics;
    if (hasErrors(messageDiags)) {
      // OpenTofu falls back to the message as a literal string, with a warning.
      const literal = literalString(rule.errorMessage);
      if (literal !== undefined) {
        message = { value: stringVal(literal), diagnostics: [] };
        messageDiags = [
          warningDiag(
            "Validation error message expression is invalid",
            `The error message provided could not be evaluated as an expression, so OpenTofu is interpreting it as a string literal.\n\nIn future versions of OpenTofu, this will be considered an error. Please file a GitHub issue if this would break your workflow.\n\n${diagnosticsText(message.diagnostics.length > 0 ? message.diagnostics : messageDiags)}`,
            rule.errorMessage.range,
            rule.range,
          ),
        ];
      }
      for (const item of messageDiags) diags.push(item);
    }
    const result = condition.value;
    if (!result.isKnown) {
      for (const item of diags) out.push(item);
      return hasErrors(diags) ? "error" : "unknown";
    }
    if (result.isNull) {
      out.push(
        ...diags,
        error(
          "Invalid variable validation result",
          "Validation condition expression must return either true or false, not null.",
          rule.condition.range,
        ),
      );
      return "error";
    }
    let bool: Value;
    try {
      bool = convert(result, t.bool);
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      out.push(
        ...diags,
        error(
          "Invalid variable validation result",
          `Invalid validation condition result value: ${e.formatted}.`,
          rule.condition.range,
        ),
      );
      return "error";
    }
    if (unmarkedVal(bool).isKnown && unmarkedVal(bool).asBool()) {
      for (const item of diags) out.push(item);
      return "pass";
    }
    let text = "";
    const value = message.value;
    if (!hasErrors(messageDiags) && !value.isKnown) {
      out.push(
        ...diags,
        error(
          "Invalid error message",
          "Value used in error message is not known and can not be used in error_message until after apply.",
          rule.errorMessage.range,
        ),
      );
      return "fail";
    }
    if (!hasErrors(messageDiags) && !value.isNull) {
      let str: Value | undefined;
      try {
        str = convert(value, t.string);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        diags.push(
          error(
            "Invalid error message",
            `Unsuitable value for error message: ${e.formatted}.`,
            rule.errorMessage.range,
          ),
        );
      }
      if (str !== undefined) {
        const marks = marksOf(str);
        if (marks.has(SENSITIVE)) {
          diags.push(
            error(
              "Error message refers to sensitive values",
              "The error expression used to explain this condition refers to sensitive values. OpenTofu will not display the resulting message.\n\nYou can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.",
              rule.errorMessage.range,
            ),
          );
          text = "The error message included a sensitive value, so it will not be displayed.";
        } else if (marks.has(EPHEMERAL)) {
          diags.push(
            error(
              "Error message refers to ephemeral values",
              "The error expression used to explain this condition refers to ephemeral values. OpenTofu will not display the resulting message.\n\nYou can correct this by removing references to ephemeral values or by utilizing the builtin ephemeralasnull() function.",
              rule.errorMessage.range,
            ),
          );
          text = "The error message included an ephemeral value, so it will not be displayed.";
        } else text = unmarkedVal(str).asString().trim();
      }
    }
    if (text === "") text = "Failed to evaluate condition error message.";
    out.push(
      ...diags,
      errorDiag(
        "Invalid value for variable",
        `${text}\n\nThis was checked by the validation rule at ${formatRange(rule.range)}.`,
        // A root module variable has no expression of its own to point at: OpenTofu points at its
        // declaration; a called module's variable, at the argument that set it.
        self.expression ?? self.declaration.declRange,
        undefined,
        { rule: rule.range },
      ),
    );
    return "fail";
  }
}

/**
 * The type of the last `var` object made for a declaration: the instances of a module mostly
 * give a variable values of one type, and an object of a known type is made without building
 * its type again. Only a hint: a value of another type makes an object of its own type.
 */
const ownVarTypes = new WeakMap<VariableDeclaration, ObjectType>();

/** `var` holding one variable's value. */
function ownVarObject(decl: VariableDeclaration, value: Value): Value {
  const obj = objectValSorted([decl.name], [value], ownVarTypes.get(decl));
  ownVarTypes.set(decl, obj.type as ObjectType);
  return obj;
}

/**
 * A rule's error message whose expression refers to nothing and calls no function (the usual
 * constant string) evaluates to the same result in every context: it is evaluated once.
 */
const constantMessages = new WeakMap<ValidationRule, Evaluation | null>();

function evaluateMessage(rule: ValidationRule, ctx: EvalContext): Evaluation {
  let known = constantMessages.get(rule);
  if (known === undefined) {
    const expr = rule.errorMessage;
    const constant = variables(expr).length === 0 && functionCalls(expr).length === 0;
    known = constant ? evaluate(expr, ctx) : null;
    constantMessages.set(rule, known);
  }
  return known ?? evaluate(rule.errorMessage, ctx);
}

/** What a rule's expressions refer to, found once per rule (the syntax tree does not change). */
interface RuleReferences {
  /** The input variables named (`var.NAME`), first reference of each. */
  readonly variables: readonly {
    readonly name: string;
    readonly range: NonNullable<Diagnostic["subject"]>;
  }[];
  /** Every other root name referred to (`local`, `path`, resource types, …). */
  readonly roots: ReadonlySet<string>;
  /** References OpenTofu's reference parser refuses. */
  readonly invalid: readonly Diagnostic[];
}

const referencesOfRule = new WeakMap<ValidationRule, RuleReferences>();

function ruleReferences(rule: ValidationRule): RuleReferences {
  let refs = referencesOfRule.get(rule);
  if (refs !== undefined) return refs;
  const given: { name: string; range: NonNullable<Diagnostic["subject"]> }[] = [];
  const roots = new Set<string>();
  const invalid: Diagnostic[] = [];
  for (const ref of [...variables(rule.condition), ...variables(rule.errorMessage)]) {
    const root = ref.traversal[0];
    if (root?.kind !== "root") continue;
    const problem = referenceError(ref.traversal);
    if (problem !== undefined) invalid.push(problem);
    else if (root.name !== "var") roots.add(root.name);
    else {
      const name = inputVariableName(ref.traversal);
      if (name !== undefined && !given.some((v) => v.name === name)) given.push({ name, range: ref.range });
    }
  }
  refs = { variables: given, roots, invalid };
  referencesOfRule.set(rule, refs);
  return refs;
}

/** Roots whose references name one object by an attribute (`var.x`, `local.y`). */
const SINGLE_ATTRIBUTE_ROOTS = new Set(["var", "local", "path", "terraform", "count", "output", "check"]);
/** Roots with addresses of their own shape, not resource types. */
const OTHER_ROOTS = new Set(["data", "ephemeral", "resource", "module", "self", "each", "tofu"]);

/** The errors of OpenTofu's reference parser for a reference that names nothing. */
function referenceError(traversal: readonly Traverser[]): Diagnostic | undefined {
  const root = traversal[0];
  if (root?.kind !== "root" || OTHER_ROOTS.has(root.name)) return undefined;
  const step = traversal[1];
  if (SINGLE_ATTRIBUTE_ROOTS.has(root.name)) {
    if (step === undefined) {
      return error(
        "Invalid reference",
        `The ${goQuote(root.name)} object cannot be accessed directly. Instead, access one of its attributes.`,
        root.range,
      );
    }
    if (step.kind !== "attr") {
      return error(
        "Invalid reference",
        `The ${goQuote(root.name)} object does not support this operation.`,
        step.range,
      );
    }
    return undefined;
  }
  if (step === undefined) {
    return error(
      "Invalid reference",
      "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
      root.range,
    );
  }
  return undefined;
}

/** gohcl.DecodeExpression into a string with no context: the message as a constant string. */
function literalString(expr: Expression): string | undefined {
  const { value, diagnostics } = evaluateExpression(expr);
  if (hasErrors(diagnostics) || !value.isKnown || value.isNull) return undefined;
  try {
    return convert(value, t.string).asString();
  } catch (e) {
    if (e instanceof ConversionError) return undefined;
    throw e;
  }
}

/** Runs every rule of every variable that has a final value, in declaration order. */
export function validateVariables(
  variables: readonly CheckedVariable[],
  options: ValidationOptions,
  functions: () => FunctionTable,
): ValidationResult {
  const runner = new RuleRunner(variables, options, functions);
  const diagnostics: Diagnostic[] = [];
  let run = 0;
  let undecided = 0;
  let blocked = 0;
  for (const v of variables) {
    for (const rule of v.declaration.validations) {
      if (v.value === undefined) {
        blocked++;
        continue;
      }
      const outcome = runner.run(v, rule, diagnostics);
      if (outcome === "blocked") blocked++;
      else {
        run++;
        if (outcome === "unknown") undecided++;
      }
    }
  }
  return { diagnostics, rules: { run, undecided, skipped: 0, blocked } };
}
