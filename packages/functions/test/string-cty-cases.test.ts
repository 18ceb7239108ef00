// Cases of go-cty's stdlib string tests, as a table.
import { numberVal, stringVal } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { call } from "./support.js";

describe("substr as cty's tests", () => {
  const cases: [string, number, number, string][] = [
    ["hello", 0, 2, "he"],
    ["hello", 1, 3, "ell"],
    ["hello", 1, -1, "ello"],
    ["hello", 1, -10, "ello"],
    ["hello", 1, 10, "ello"],
    ["hello", -3, -1, "llo"],
    ["hello", -3, 2, "ll"],
    ["hello", 10, 10, ""],
    ["hello", 0, 0, ""],
    ["noël", 0, 3, "noë"],
    ["noël", 3, -1, "l"],
    ["wé́́é́́é́́!", 2, 2, "é́́é́́"],
    ["wé́́é́́é́́!", 3, 2, "é́́!"],
    ["wé́́é́́é́́!", -2, -1, "é́́!"],
    ["noël", -2, -1, "ël"],
    ["😸😾", 0, 1, "😸"],
    ["😸😾", 1, 1, "😾"],
  ];
  for (const [input, offset, length, want] of cases) {
    it(`substr(${JSON.stringify(input)}, ${offset}, ${length}) is ${JSON.stringify(want)}`, () => {
      expect(call("substr", stringVal(input), numberVal(offset), numberVal(length)).asString()).toBe(
        want.normalize("NFC"),
      );
    });
  }
});

describe("upper, lower and strrev as cty's tests", () => {
  it("map case and reverse by cluster", () => {
    const upper: [string, string][] = [
      ["hello", "HELLO"],
      ["HELLO", "HELLO"],
      ["", ""],
      ["1", "1"],
      ["жж", "ЖЖ"],
      ["noël", "NOËL"],
      ["😸😾", "😸😾"],
    ];
    for (const [a, b] of upper) expect(call("upper", stringVal(a)).asString()).toBe(b.normalize("NFC"));
    expect(call("lower", stringVal("ЖЖ")).asString()).toBe("жж");
    expect(call("strrev", stringVal("Живой Журнал")).asString()).toBe("ланруЖ йовиЖ");
    expect(call("strrev", stringVal("noël")).asString()).toBe("lëon".normalize("NFC"));
    expect(call("strrev", stringVal("😸😾")).asString()).toBe("😾😸");
  });
});
