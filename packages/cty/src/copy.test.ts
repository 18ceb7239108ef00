import { describe, expect, it } from "vitest";
import { CtyError, listVal, mapVal, requireThisCopy, stringVal, t } from "./index.js";

// What a value or type of another copy looks like from here: an object whose prototype carries
// that copy's brand and whose private fields this copy cannot read.
const otherCopy = {
  version: "9.9.9",
  url: "file:///app/node_modules/x/node_modules/@tofukit/cty/dist/copy.js",
};
const foreign = Object.create({ [Symbol.for("tofukit.cty.copy")]: otherCopy });

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("did not throw");
}

describe("values and types of another copy of @tofukit/cty", () => {
  it("are refused by listVal with an error naming both copies", () => {
    const e = thrown(() => listVal([stringVal("a"), foreign]));
    expect(e).toBeInstanceOf(CtyError);
    expect((e as CtyError).code).toBe("TOFUKIT_CTY_OTHER_COPY");
    expect((e as CtyError).message).toMatch(
      /^a cty value of another copy of @tofukit\/cty \(9\.9\.9 from file:\/\/\/app\/node_modules\/x\/node_modules\/@tofukit\/cty\/dist\/copy\.js\) was given to @tofukit\/cty \d+\.\d+\.\d+\S* from \S+copy\.(ts|js); /,
    );
  });

  it("are refused as map values and as element types", () => {
    expect((thrown(() => mapVal({ a: foreign })) as CtyError).code).toBe("TOFUKIT_CTY_OTHER_COPY");
    expect((thrown(() => t.list(foreign)) as CtyError).message).toMatch(/^a cty type of another copy/);
  });

  it("are told apart from things that are no cty values at all", () => {
    expect((thrown(() => listVal([{} as never])) as CtyError).message).toBe(
      "list elements must be cty values",
    );
    expect((thrown(() => t.list({} as never)) as CtyError).message).toBe(
      "list element type is not a cty type",
    );
  });

  it("requireThisCopy passes this copy's values and types and anything unbranded", () => {
    expect(() => requireThisCopy(stringVal("a"), "value")).not.toThrow();
    expect(() => requireThisCopy(t.list(t.string), "type")).not.toThrow();
    expect(() => requireThisCopy(null, "value")).not.toThrow();
    expect((thrown(() => requireThisCopy(foreign, "type")) as CtyError).code).toBe("TOFUKIT_CTY_OTHER_COPY");
  });
});
