// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are HCL templates, not JS ones
import {
  boolVal,
  emptyObjectVal,
  listVal,
  mapVal,
  markedVal,
  marksOf,
  objectVal,
  SENSITIVE,
  stringVal,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { call, failure } from "../../test/support.js";

const s = stringVal;

describe("templatestring", () => {
  it("renders templates with the given variables", () => {
    expect(call("templatestring", s("Hello, Jodie!"), emptyObjectVal).asString()).toBe("Hello, Jodie!");
    expect(call("templatestring", s("Hello, ${name}!"), mapVal({ name: s("Jodie") })).asString()).toBe(
      "Hello, Jodie!",
    );
    expect(
      call(
        "templatestring",
        s("Items: %{ for x in list ~} ${x} %{ endfor ~}"),
        objectVal({ list: listVal([s("a"), s("b"), s("c")]) }),
      ).asString(),
    ).toBe("Items: a b c ");
    expect(
      call(
        "templatestring",
        s("%{ for key, value in list ~} ${key}:${value} %{ endfor ~}"),
        objectVal({ list: objectVal({ item1: s("a"), item2: s("b"), item3: s("c") }) }),
      ).asString(),
    ).toBe("item1:a item2:b item3:c ");
    expect(call("templatestring", s("${val}"), objectVal({ val: boolVal(true) })).asBool()).toBe(true);
    expect(call("templatestring", s('${upper("x")}'), emptyObjectVal).asString()).toBe("X");
  });

  it("checks variable names and references", () => {
    expect(failure("templatestring", s("Hello, ${1}!"), mapVal({ "1": s("Jodie") }))).toEqual({
      message:
        'invalid template variable name "1": must start with a letter, followed by zero or more letters, digits, and underscores',
      argIndex: 1,
    });
    expect(failure("templatestring", s("Hello, ${name}!"), emptyObjectVal)).toEqual({
      message: 'vars map does not contain key "name"',
      argIndex: 1,
    });
    expect(failure("templatestring", s("x"), s("y")).message).toBe("invalid vars value: must be a map");
  });

  it("marks the result with the template's and the variables' marks", () => {
    const secret = markedVal(s("My password is 1234"), [SENSITIVE]);
    expect([...marksOf(call("templatestring", secret, emptyObjectVal))]).toEqual([SENSITIVE]);
    const vars = objectVal({ pass: markedVal(s("secret"), [SENSITIVE]) });
    const r = call("templatestring", s("My password is ${pass}"), vars);
    expect(r.asString()).toBe("My password is secret");
    expect([...marksOf(r)]).toEqual([SENSITIVE]);
    expect([
      ...marksOf(call("templatestring", s("${pass}!"), markedVal(objectVal({ pass: s("x") }), [SENSITIVE]))),
    ]).toEqual([SENSITIVE]);
  });

  it("reports template errors as hcl does", () => {
    expect(failure("templatestring", s("${nope("), emptyObjectVal).message).toMatch(/^NoFileNeeded:1,/);
  });
});
