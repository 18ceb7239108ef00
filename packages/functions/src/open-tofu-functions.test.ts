import { CtyFunction } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { openTofuFunctions } from "./open-tofu-functions.js";

describe("openTofuFunctions", () => {
  it("gives a fresh plain object of functions on each call", () => {
    const a = openTofuFunctions();
    const b = openTofuFunctions();
    expect(a).not.toBe(b);
    for (const f of Object.values(a)) expect(f).toBeInstanceOf(CtyFunction);
  });
});
