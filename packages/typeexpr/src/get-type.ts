// Reading a type constraint from an HCL expression's shape, as hcl's ext/typeexpr
// TypeConstraintWithDefaults does: keywords, constructor calls, optional attributes and their defaults.
//
// Errors accumulate: every bad part gets its own diagnostic and becomes `any` (or is left out of
// its object), so one parse reports everything that is wrong.

import { emptyObjectVal, type Type, t, type Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Diagnostic,
  type Evaluation,
  type Expression,
  errorDiag,
  evaluateExpression,
  exprAsKeyword,
  exprCall,
  exprList,
  exprMap,
  type FunctionCallExpr,
  hasErrors,
  type Range,
  type StaticCall,
} from "@tofukit/hcl";
import {
  type ConvertDefault,
  collectionDefaults,
  type DefaultsNode,
  structuredDefaults,
} from "./defaults-node.js";

const INVALID = "Invalid type specification";

function invalid(detail: string, subject: Range, context?: Range): Diagnostic {
  return context === undefined
    ? errorDiag(INVALID, detail, subject)
    : errorDiag(INVALID, detail, subject, context);
}

function between(a: Range, b: Range): Range {
  return { filename: a.filename, start: a.start, end: b.end };
}

const ELEMENT_ARG = (kind: string): string =>
  `The ${kind} type constructor requires one argument specifying the element type.`;
const OBJECT_ARG =
  "The object type constructor requires one argument specifying the attribute types and values as a map.";
const TUPLE_ARG = "The tuple type constructor requires one argument specifying the element types as a list.";

export interface TypeResult {
  readonly type: Type;
  readonly defaults: DefaultsNode | null;
}

const ANY: TypeResult = { type: t.dynamic, defaults: null };

const KEYWORD_TYPES: ReadonlyMap<string, TypeResult> = new Map([
  ["bool", { type: t.bool, defaults: null }],
  ["string", { type: t.string, defaults: null }],
  ["number", { type: t.number, defaults: null }],
  ["any", ANY],
]);

/** The type a keyword alone stands for (`bool`, `string`, `number`, `any`), or undefined. */
export function keywordType(name: string): TypeResult | undefined {
  return KEYWORD_TYPES.get(name);
}

const EMPTY_OBJECT: Evaluation = { value: emptyObjectVal, diagnostics: [] };

/**
 * The value of an optional attribute's default. `{}`, the usual default of an object or map
 * attribute, is always the empty object: evaluating it would build that value's type anew.
 */
function evaluateDefault(expr: Expression): Evaluation {
  if (expr.kind === "object" && expr.items.length === 0) return EMPTY_OBJECT;
  return evaluateExpression(expr);
}

/**
 * The call `expr` is, as exprCall sees it, without building exprCall's result: most calls
 * read here are well-formed, and only the diagnostics need its argument range.
 */
function callOf(expr: Expression): FunctionCallExpr | null {
  const e = expr.kind === "objectKey" ? expr.wrapped : expr;
  return e.kind === "call" ? e : null;
}

/** exprCall's view of a call that callOf found. */
function staticCall(expr: Expression): StaticCall {
  return exprCall(expr) as StaticCall;
}

/** Reads `expr` as a type constraint with defaults, appending diagnostics to `diags`. */
export function getType(expr: Expression, diags: Diagnostic[], convertDefault: ConvertDefault): TypeResult {
  const keyword = exprAsKeyword(expr);
  const primitive = keywordType(keyword);
  if (primitive !== undefined) return primitive;
  switch (keyword) {
    case "list":
    case "map":
    case "set":
      diags.push(invalid(ELEMENT_ARG(keyword), expr.range));
      return ANY;
    case "object":
      diags.push(invalid(OBJECT_ARG, expr.range));
      return ANY;
    case "tuple":
      diags.push(invalid(TUPLE_ARG, expr.range));
      return ANY;
    case "":
      break;
    default:
      diags.push(invalid(`The keyword ${goQuote(keyword)} is not a valid type specification.`, expr.range));
      return ANY;
  }

  const call = callOf(expr);
  if (call === null) {
    diags.push(
      invalid(
        "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
        expr.range,
      ),
    );
    return ANY;
  }

  const { name, args } = call;
  switch (name) {
    case "bool":
    case "string":
    case "number":
      diags.push(
        invalid(
          `Primitive type keyword ${goQuote(name)} does not expect arguments.`,
          staticCall(expr).argsRange,
        ),
      );
      return ANY;
    case "any":
      diags.push(
        invalid(
          `Type constraint keyword ${goQuote(name)} does not expect arguments.`,
          staticCall(expr).argsRange,
        ),
      );
      return ANY;
    default:
      break;
  }

  if (args.length !== 1) {
    const detail =
      name === "list" || name === "set" || name === "map"
        ? ELEMENT_ARG(name)
        : name === "object"
          ? OBJECT_ARG
          : name === "tuple"
            ? TUPLE_ARG
            : null;
    if (detail !== null) {
      // Too few arguments: point at the parentheses; too many: at the extra arguments.
      const { argsRange } = staticCall(expr);
      const subject =
        args.length > 1
          ? between((args[1] as Expression).range, (args[args.length - 1] as Expression).range)
          : argsRange;
      diags.push(invalid(detail, subject, argsRange));
      return ANY;
    }
  }

  switch (name) {
    case "list":
    case "set":
    case "map": {
      const elem = getType(args[0] as Expression, diags, convertDefault);
      const type = name === "list" ? t.list(elem.type) : name === "set" ? t.set(elem.type) : t.map(elem.type);
      return { type, defaults: collectionDefaults(type, elem.defaults) };
    }
    case "object":
      return objectType(expr, args[0] as Expression, diags, convertDefault);
    case "tuple":
      return tupleType(expr, args[0] as Expression, diags, convertDefault);
    case "optional":
      diags.push(
        invalid(
          `Keyword ${goQuote(name)} is valid only as a modifier for object type attributes.`,
          call.nameRange,
        ),
      );
      return ANY;
    default:
      diags.push(invalid(`Keyword ${goQuote(name)} is not a valid type constructor.`, expr.range));
      return ANY;
  }
}

function tupleType(
  whole: Expression,
  arg: Expression,
  diags: Diagnostic[],
  convertDefault: ConvertDefault,
): TypeResult {
  const elems = exprList(arg);
  if (elems === null) {
    diags.push(invalid("Tuple type constructor requires a list of element types.", arg.range, whole.range));
    return ANY;
  }
  const types: Type[] = [];
  let children: Map<string, DefaultsNode> | null = null;
  for (let i = 0; i < elems.length; i++) {
    const r = getType(elems[i] as Expression, diags, convertDefault);
    types.push(r.type);
    if (r.defaults !== null) {
      children ??= new Map();
      children.set(String(i), r.defaults);
    }
  }
  const type = t.tuple(types);
  return { type, defaults: structuredDefaults(type, null, children) };
}

function objectType(
  whole: Expression,
  arg: Expression,
  diags: Diagnostic[],
  convertDefault: ConvertDefault,
): TypeResult {
  const pairs = exprMap(arg);
  if (pairs === null) {
    diags.push(
      invalid(
        "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
        arg.range,
        whole.range,
      ),
    );
    return ANY;
  }
  const attrTypes = new Map<string, Type>();
  const optional: string[] = [];
  // Most objects have no defaults anywhere: these maps are made only when needed.
  let defaultValues: Map<string, Value> | null = null;
  let children: Map<string, DefaultsNode> | null = null;

  for (const { key, value } of pairs) {
    const name = exprAsKeyword(key);
    if (name === "") {
      diags.push(invalid("Object constructor map keys must be attribute names.", key.range, whole.range));
      continue;
    }
    if (attrTypes.has(name)) {
      diags.push(invalid("Object constructor map keys must be unique.", key.range, whole.range));
      continue;
    }

    let typeExpr = value;
    let defaultExpr: Expression | null = null;
    let defaultValue: Value | null = null;
    const modifier = callOf(value);
    if (modifier !== null && modifier.name === "optional") {
      const margs = modifier.args;
      if (margs.length < 1) {
        diags.push(
          invalid(
            "Optional attribute modifier requires the attribute type as its argument.",
            staticCall(value).argsRange,
            value.range,
          ),
        );
        continue;
      }
      if (margs.length === 1) {
        optional.push(name);
      } else if (margs.length === 2) {
        defaultExpr = margs[1] as Expression;
        const evaluated = evaluateDefault(defaultExpr);
        for (const d of evaluated.diagnostics) diags.push(d);
        // A default that fails to evaluate leaves the attribute required.
        if (!hasErrors(evaluated.diagnostics)) {
          optional.push(name);
          defaultValue = evaluated.value;
        }
      } else {
        diags.push(
          invalid(
            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
            staticCall(value).argsRange,
            value.range,
          ),
        );
      }
      typeExpr = margs[0] as Expression;
    }

    const attr = getType(typeExpr, diags, convertDefault);

    if (defaultValue !== null && defaultExpr !== null) {
      const converted = convertDefault(defaultValue, attr.type);
      if (converted.ok) {
        defaultValues ??= new Map();
        defaultValues.set(name, converted.value);
      } else {
        diags.push(
          errorDiag(
            "Invalid default value for optional attribute",
            `This default value is not compatible with the attribute's type constraint: ${converted.message}.`,
            defaultExpr.range,
          ),
        );
      }
    }

    attrTypes.set(name, attr.type);
    if (attr.defaults !== null) {
      children ??= new Map();
      children.set(name, attr.defaults);
    }
  }

  const type = t.object(attrTypes, optional);
  return { type, defaults: structuredDefaults(type, defaultValues, children) };
}
