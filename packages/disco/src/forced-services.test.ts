import { describe, expect, it } from "vitest";
import { forcedServices } from "./forced-services.js";

class ExactNumber {
  constructor(readonly text: string) {}
}

describe("forcedServices", () => {
  it("reads null as an empty map", () => {
    expect(forcedServices(null)).toEqual({});
  });

  it("copies objects, arrays and Maps into a frozen plain document", () => {
    const login = Object.assign(Object.create(null) as Record<string, unknown>, {
      client: "c",
      scopes: ["a"],
    });
    const given = new Map<string, unknown>([
      ["login.v1", login],
      ["modules.v1", "/m/"],
    ]);
    const copy = forcedServices(given);
    expect(copy).toEqual({ "login.v1": { client: "c", scopes: ["a"] }, "modules.v1": "/m/" });
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen((copy["login.v1"] as { scopes: unknown }).scopes)).toBe(true);
    login.client = "changed";
    expect((copy["login.v1"] as { client: string }).client).toBe("c");
  });

  it("turns exact-number objects from configuration readers into numbers", () => {
    const copy = forcedServices({
      "login.v1": { ports: [new ExactNumber("10000"), new ExactNumber("10010")] },
    });
    expect(copy).toEqual({ "login.v1": { ports: [10000, 10010] } });
  });

  it("keeps a __proto__ key as data", () => {
    const copy = forcedServices(JSON.parse('{"__proto__": "/x/"}'));
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toBe("/x/");
  });
});
