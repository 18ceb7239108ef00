// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import {
  CtyFunction,
  consoleString,
  FunctionError,
  listVal,
  mapVal,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  objectVal,
  SENSITIVE,
  setVal,
  stringVal,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { type EvalContext, evaluate, formatRange, parseExpression, parseTemplate } from "../src/index.js";

const upper = new CtyFunction({
  params: [{ name: "str", type: t.string }],
  type: () => t.string,
  impl: ([s]) => stringVal(s!.asString().toUpperCase()),
});

const join = new CtyFunction({
  params: [{ name: "separator", type: t.string }],
  varParam: { name: "lists", type: t.list(t.string) },
  type: () => t.string,
  impl: ([sep, ...lists]) =>
    stringVal(
      lists
        .flatMap((l) => l.elements())
        .map((e) => e.asString())
        .join(sep!.asString()),
    ),
});

const failing = new CtyFunction({
  params: [{ name: "n", type: t.number }],
  type: () => t.number,
  impl: ([n]) => {
    if (n!.asNumber().isZero()) throw new FunctionError("zero is not allowed here", 0);
    throw new FunctionError("something broke");
  },
});

const can = new CtyFunction({
  kind: "closures",
  params: [{ name: "expression", type: t.dynamic }],
  call: ([arg]) => {
    const { errors } = arg!.evaluate();
    return errors.length === 0 ? numberVal(1) : numberVal(0);
  },
});

const ctx: EvalContext = {
  variables: {
    var: objectVal({
      name: stringVal("rg-web"),
      tags: mapVal({ env: stringVal("prod") }),
      list: listVal([stringVal("a"), stringVal("b")]),
      set: setVal([stringVal("x")]),
      objs: listVal([objectVal({ id: numberVal(1) }), objectVal({ id: numberVal(2) })]),
      secret: markedVal(stringVal("hunter2"), [SENSITIVE]),
      nothing: nullVal(t.string),
      later: unknownVal(t.string),
      laterList: unknownVal(t.list(t.string)),
    }),
    count: objectVal({ index: numberVal(0) }),
  },
  functions: { upper, join, failing, can, "provider::x::y": upper },
};

function run(src: string, c: EvalContext | undefined = ctx) {
  const { expr, diagnostics } = parseExpression(src, "t.tf");
  expect(diagnostics).toEqual([]);
  return evaluate(expr, c);
}

function value(src: string, c: EvalContext | undefined = ctx): string {
  const r = run(src, c);
  expect(r.diagnostics).toEqual([]);
  return consoleString(r.value);
}

function errors(src: string, c: EvalContext | undefined = ctx): [string, string, string][] {
  return run(src, c).diagnostics.map((d) => [
    d.summary,
    d.detail,
    d.subject === undefined ? "" : formatRange(d.subject),
  ]);
}

describe("evaluate: variables and traversals", () => {
  it("looks root names up in the context's variables", () => {
    expect(value("var.name")).toBe('"rg-web"');
    expect(value('var.tags["env"]')).toBe('"prod"');
    expect(value("var.list[1]")).toBe('"b"');
    expect(value("var.list.0")).toBe('"a"');
    expect(value("var.objs[*].id")).toBe("tolist([\n  1,\n  2,\n])");
    expect(value("count.index + 1")).toBe("1");
  });

  it("reports unknown variables with hcl's suggestion", () => {
    expect(errors("vat.name")).toEqual([
      ["Unknown variable", 'There is no variable named "vat". Did you mean "var"?', "t.tf:1,1-4"],
    ]);
    expect(errors("nope")).toEqual([
      ["Unknown variable", 'There is no variable named "nope".', "t.tf:1,1-5"],
    ]);
  });

  it("refuses variables without a variables table, as a nil context does", () => {
    expect(errors("var.name", {})).toEqual([
      ["Variables not allowed", "Variables may not be used here.", "t.tf:1,1-4"],
    ]);
  });

  it("reports attribute and index errors with hcl's details", () => {
    expect(errors("var.missing")).toEqual([
      ["Unsupported attribute", 'This object does not have an attribute named "missing".', "t.tf:1,4-12"],
    ]);
    expect(errors("var.name.x")).toEqual([
      [
        "Unsupported attribute",
        "Can't access attributes on a primitive-typed value (string).",
        "t.tf:1,9-11",
      ],
    ]);
    expect(errors("var.objs.id")).toEqual([
      [
        "Unsupported attribute",
        'Can\'t access attributes on a list of objects. Did you mean to access attribute "id" for a specific element of the list, or across all elements of the list?',
        "t.tf:1,9-12",
      ],
    ]);
    expect(errors("var.tags.nope")).toEqual([
      ["Missing map element", 'This map does not have an element with the key "nope".', "t.tf:1,9-14"],
    ]);
    expect(errors("var.list[2]")).toEqual([
      [
        "Invalid index",
        "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.",
        "t.tf:1,9-12",
      ],
    ]);
    expect(errors("var.list[5]")).toEqual([
      [
        "Invalid index",
        "The given key does not identify an element in this collection value.",
        "t.tf:1,9-12",
      ],
    ]);
    expect(errors("var.list[-1]")).toEqual([
      [
        "Invalid index",
        "The given key does not identify an element in this collection value: a negative number is not a valid index for a sequence.",
        "t.tf:1,9-13",
      ],
    ]);
    expect(errors("var.list[0.5]")).toEqual([
      [
        "Invalid index",
        "The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part.",
        "t.tf:1,9-14",
      ],
    ]);
    expect(errors('var.list["a"]')).toEqual([
      [
        "Invalid index",
        "The given key does not identify an element in this collection value: a number is required.",
        "t.tf:1,9-14",
      ],
    ]);
    expect(errors("var.set[0]")[0]?.[0]).toBe("Invalid index");
    expect(errors("var.nothing.x")).toEqual([
      [
        "Attempt to get attribute from null value",
        "This value is null, so it does not have any attributes.",
        "t.tf:1,12-14",
      ],
    ]);
    expect(errors("var.nothing[0]")).toEqual([
      ["Attempt to index null value", "This value is null, so it does not have any indices.", "t.tf:1,12-15"],
    ]);
    expect(errors("{a = 1}[0]")).toEqual([
      [
        "Invalid index",
        "The given key does not identify an element in this collection value. An object only supports looking up attributes by name, not by numeric index.",
        "t.tf:1,8-11",
      ],
    ]);
  });

  it("stops a traversal at its first error", () => {
    expect(errors("var.missing.more.steps")).toHaveLength(1);
  });

  it("propagates unknown values through traversals", () => {
    const r = run("var.laterList[0]");
    expect(r.diagnostics).toEqual([]);
    expect(r.value.isKnown).toBe(false);
    expect(r.value.type).toBe(t.string);
  });
});

describe("evaluate: function calls", () => {
  it("calls functions of the table, converting arguments to parameter types", () => {
    expect(value('upper("abc")')).toBe('"ABC"');
    expect(value("upper(12)")).toBe('"12"');
    expect(value('join("-", ["a"], ["b", "c"])')).toBe('"a-b-c"');
    expect(value('join("-", [["a"], ["b"]]...)')).toBe('"a-b"');
    expect(value('provider::x::y("a")')).toBe('"A"');
  });

  it("refuses calls without a function table", () => {
    expect(errors('upper("a")', { variables: {} })).toEqual([
      ["Function calls not allowed", "Functions may not be called here.", "t.tf:1,1-11"],
    ]);
  });

  it("reports unknown functions with a suggestion", () => {
    expect(errors('uper("a")')).toEqual([
      ["Call to unknown function", 'There is no function named "uper". Did you mean "upper"?', "t.tf:1,1-5"],
    ]);
    expect(errors('provider::z::y("a")')).toEqual([
      ["Call to unknown function", 'There are no functions in namespace "provider::z::".', "t.tf:1,1-15"],
    ]);
    expect(errors('provider::x::zzzzz("a")')).toEqual([
      [
        "Call to unknown function",
        'There is no function named "zzzzz" in namespace provider::x::.',
        "t.tf:1,1-19",
      ],
    ]);
  });

  it("checks the number of arguments", () => {
    expect(errors("upper()")).toEqual([
      [
        "Not enough function arguments",
        'Function "upper" expects 1 argument(s). Missing value for "str".',
        "t.tf:1,7-8",
      ],
    ]);
    expect(errors("join()")).toEqual([
      [
        "Not enough function arguments",
        'Function "join" expects at least 1 argument(s). Missing value for "separator".',
        "t.tf:1,6-7",
      ],
    ]);
    expect(errors('upper("a", "b")')).toEqual([
      // A quoted string starts where its first part does, inside the quotes.
      ["Too many function arguments", 'Function "upper" expects only 1 argument(s).', "t.tf:1,13-14"],
    ]);
  });

  it("reports an argument that does not convert against that argument", () => {
    expect(errors("upper([1])")).toEqual([
      [
        "Invalid function argument",
        'Invalid value for "str" parameter: string required, but have tuple.',
        "t.tf:1,7-8",
      ],
    ]);
    expect(errors("upper(null)")).toEqual([
      [
        "Invalid function argument",
        'Invalid value for "str" parameter: argument must not be null.',
        "t.tf:1,7-11",
      ],
    ]);
  });

  it("reports function errors against the argument or the call", () => {
    expect(errors("failing(0)")).toEqual([
      [
        "Invalid function argument",
        'Invalid value for "n" parameter: zero is not allowed here.',
        "t.tf:1,9-10",
      ],
    ]);
    expect(errors("failing(1)")).toEqual([
      ["Error in function call", 'Call to function "failing" failed: something broke.', "t.tf:1,1-9"],
    ]);
  });

  it("checks expanding arguments", () => {
    expect(errors('join("-", "a"...)')).toEqual([
      [
        "Invalid expanding argument value",
        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
        "t.tf:1,11-14",
      ],
    ]);
    expect(errors('join("-", null...)')[0]?.[1]).toBe(
      "The expanding argument (indicated by ...) must not be null.",
    );
  });

  it("answers unknown for unknown arguments", () => {
    const r = run("upper(var.later)");
    expect(r.diagnostics).toEqual([]);
    expect(r.value.isKnown).toBe(false);
    expect(r.value.type).toBe(t.string);
  });

  it("hands closure functions their arguments unevaluated, in the same scope", () => {
    expect(value("can(var.name)")).toBe("1");
    expect(value("can(var.missing)")).toBe("0");
    expect(value("[for x in [1] : can(x)]")).toBe("[\n  1,\n]");
  });
});

describe("evaluate: conditionals", () => {
  it("unifies the two results", () => {
    expect(value('true ? 1 : "a"')).toBe('"1"');
    expect(value("false ? null : [1]")).toBe("[\n  1,\n]");
  });

  it("refuses results without a common type, with hcl's details", () => {
    expect(errors("true ? 1 : true")).toEqual([
      [
        "Inconsistent conditional result types",
        "The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is bool.",
        "t.tf:1,8-16",
      ],
    ]);
    expect(errors("true ? [1] : [true]")[0]?.[1]).toBe(
      "The true and false result expressions must have consistent types. Type mismatch for tuple element 0: The 'true' value is number, but the 'false' value is bool.",
    );
    expect(errors("true ? {a=1} : {a=true}")[0]?.[1]).toBe(
      "The true and false result expressions must have consistent types. Type mismatch for object attribute \"a\": The 'true' value is number, but the 'false' value is bool.",
    );
    expect(errors("true ? [1] : [1, true]")[0]?.[1]).toBe(
      "The true and false result expressions must have consistent types. The 'true' tuple has length 1, but the 'false' tuple has length 2.",
    );
    // Objects with different attributes unify as maps, as cty's unsafe unification does.
    expect(value("true ? {a = 1} : {b = 1}")).toBe('tomap({\n  "a" = 1\n})');
  });

  it("reports only the chosen branch's diagnostics", () => {
    expect(value("false ? nope : 1")).toBe("1");
    expect(errors("true ? nope : 1")).toEqual([
      ["Unknown variable", 'There is no variable named "nope".', "t.tf:1,8-12"],
    ]);
  });

  it("answers unknown for an unknown condition", () => {
    const r = run('var.later == "x" ? 1 : 2');
    expect(r.diagnostics).toEqual([]);
    expect(r.value.isKnown).toBe(false);
    expect(r.value.type).toBe(t.number);
  });

  it("refuses null and non-bool conditions", () => {
    expect(errors("null ? 1 : 2")[0]?.[0]).toBe("Null condition");
    expect(errors('"x" ? 1 : 2')).toEqual([
      ["Incorrect condition type", "The condition expression must be of type bool.", "t.tf:1,1-4"],
    ]);
  });
});

describe("evaluate: operators", () => {
  it("computes every operator", () => {
    expect(value("1 + 2 * 3 - 4 / 2")).toBe("5");
    expect(value("7 % 3")).toBe("1");
    expect(value("5 % 0")).toBe("5");
    expect(value("1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3 && 1 != 2 && 1 == 1 || false")).toBe("true");
    expect(value("!true")).toBe("false");
    expect(value("-(1)")).toBe("-1");
  });

  it("reports one diagnostic per unsuitable operand", () => {
    expect(errors("(false + true)")).toEqual([
      ["Invalid operand", "Unsuitable value for left operand: number required, but have bool.", "t.tf:1,2-7"],
      [
        "Invalid operand",
        "Unsuitable value for right operand: number required, but have bool.",
        "t.tf:1,10-14",
      ],
    ]);
  });

  it("short-circuits && and || around unknown values", () => {
    expect(value('var.later == "a" || true')).toBe("true");
    expect(value('false && var.later == "a"')).toBe("false");
    expect(value("true || nope")).toBe("true");
    const r = run('true && var.later == "a"');
    expect(r.value.isKnown).toBe(false);
  });

  it("refuses null operands", () => {
    expect(errors("null + 1")).toEqual([
      ["Operation failed", "Error during operation: argument must not be null.", "t.tf:1,1-9"],
    ]);
  });

  it("evaluates chains of 100,000 operators without exhausting the stack", { timeout: 60_000 }, () => {
    for (const op of ["+", "&&", "=="]) {
      const operand = op === "+" ? "1" : "true";
      const src = `${`${operand} ${op} `.repeat(100_000)}${operand}`;
      const { expr } = parseExpression(src);
      const r = evaluate(expr, ctx);
      expect(r.diagnostics).toEqual([]);
      expect(consoleString(r.value)).toBe(op === "+" ? "100001" : "true");
    }
  });

  it("keeps the diagnostics of a long chain in hclsyntax's order", { timeout: 60_000 }, () => {
    const src = `${"true + ".repeat(20_000)}true`;
    const r = run(src);
    expect(r.diagnostics).toHaveLength(20_001);
    // Each level reports its own right operand before the diagnostics of its left operand.
    expect(r.diagnostics[0]?.detail).toBe(
      "Unsuitable value for right operand: number required, but have bool.",
    );
    // The innermost operation's two operands come last.
    expect(r.diagnostics[19_999]?.subject?.start.column).toBe(1);
    expect(r.diagnostics[20_000]?.subject?.start.column).toBe(8);
  });
});

describe("evaluate: for expressions and splats", () => {
  it("builds tuples and objects, filtering and grouping", () => {
    expect(value('[for i, s in var.list : "${i}:${s}"]')).toBe('[\n  "0:a",\n  "1:b",\n]');
    expect(value('{for s in var.list : s => upper(s) if s != "a"}')).toBe('{\n  "b" = "B"\n}');
    expect(value('{for s in ["a", "b", "a"] : s => 1...}')).toBe(
      '{\n  "a" = [\n    1,\n    1,\n  ]\n  "b" = [\n    1,\n  ]\n}',
    );
  });

  it("reports every duplicate key", () => {
    expect(errors('{for s in ["a", "a", "a"] : s => 1}')).toEqual([
      [
        "Duplicate object key",
        "Two different items produced the key \"a\" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
        "t.tf:1,29-30",
      ],
      [
        "Duplicate object key",
        "Two different items produced the key \"a\" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
        "t.tf:1,29-30",
      ],
    ]);
  });

  it("answers unknown for an unknown collection", () => {
    const r = run("[for s in var.laterList : s]");
    expect(r.diagnostics).toEqual([]);
    expect(r.value.isKnown).toBe(false);
  });

  it("checks the condition's type once", () => {
    expect(errors('[for s in var.list : s if "x"]')).toEqual([
      ["Invalid 'for' condition", "The 'if' clause value is invalid: a bool is required.", "t.tf:1,27-30"],
    ]);
  });

  it("splats lists to lists and single values to tuples", () => {
    expect(value("var.name[*]")).toBe('[\n  "rg-web",\n]');
    expect(value("var.nothing[*]")).toBe("[]");
    expect(value("var.list[*]")).toBe('tolist([\n  "a",\n  "b",\n])');
  });
});

describe("evaluate: templates", () => {
  it("interpolates and joins", () => {
    expect(value('"${var.name}-${count.index}"')).toBe('"rg-web-0"');
    expect(value('"%{for s in var.list}${s};%{endfor}"')).toBe('"a;b;"');
  });

  it("gives an unknown string for an unknown part", () => {
    const r = run('"x-${var.later}"');
    expect(r.value.isKnown).toBe(false);
    expect(r.value.type).toBe(t.string);
  });
});

describe("evaluate: marks", () => {
  const marked = (src: string): Value => {
    const r = run(src);
    expect(r.diagnostics).toEqual([]);
    return r.value;
  };
  const isSensitive = (v: Value) => marksOf(v).has(SENSITIVE);

  it("carries a container's marks to what is taken from it", () => {
    const c: EvalContext = { variables: { s: markedVal(objectVal({ a: numberVal(1) }), [SENSITIVE]) } };
    const r = evaluate(parseExpression("s.a").expr, c);
    expect(isSensitive(r.value)).toBe(true);
  });

  it("marks the results of operators, templates, conditionals and calls", () => {
    expect(isSensitive(marked('var.secret == "x"'))).toBe(true);
    expect(isSensitive(marked('"pw: ${var.secret}"'))).toBe(true);
    expect(isSensitive(marked("var.secret != null ? 1 : 2"))).toBe(true);
    expect(isSensitive(marked("true ? 1 : var.secret"))).toBe(true);
    expect(isSensitive(marked("upper(var.secret)"))).toBe(true);
    expect(isSensitive(marked("[for c in [var.secret] : c][0]"))).toBe(true);
    expect(isSensitive(marked("{(var.secret) = 1}"))).toBe(true);
    expect(isSensitive(marked("var.name"))).toBe(false);
  });
});

describe("evaluate: the empty context", () => {
  it("matches evaluateConstant's diagnostics for variables and calls", () => {
    expect(errors("a + f(1)", {})).toEqual([
      ["Variables not allowed", "Variables may not be used here.", "t.tf:1,1-2"],
      ["Function calls not allowed", "Functions may not be called here.", "t.tf:1,5-9"],
    ]);
  });

  it("gives tuples of values for literal collections", () => {
    expect(value("[1, tupleVal]", { variables: { tupleVal: tupleVal([]) } })).toBe("[\n  1,\n  [],\n]");
  });
});

describe("parseTemplate", () => {
  it("reads a bare template, as hclsyntax.ParseTemplate", () => {
    const { expr, diagnostics } = parseTemplate(
      "Hello, ${name}!\n%{ for x in [1, 2] }${x}%{ endfor }",
      "t.tpl",
    );
    expect(diagnostics).toEqual([]);
    expect(evaluate(expr, { variables: { name: stringVal("world") } }).value.asString()).toBe(
      "Hello, world!\n12",
    );
  });

  it("gives the value itself for a template of one interpolation", () => {
    const { expr } = parseTemplate("${[1]}");
    expect(consoleString(evaluate(expr).value)).toBe("[\n  1,\n]");
  });

  it("trims across lines after a strip marker, as one literal", () => {
    expect(evaluate(parseTemplate('${"a" ~}\n\n  b').expr).value.asString()).toBe("ab");
  });

  it("reports template errors", () => {
    expect(parseTemplate("%{ if true }x").diagnostics.map((d) => d.summary)).toEqual([
      "Unexpected end of template",
    ]);
  });
});
