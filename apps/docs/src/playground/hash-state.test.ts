import { describe, expect, it } from "vitest";
import { hashOfState, stateFromHash } from "./hash-state.js";

describe("the URL hash", () => {
  it("holds a type and a value, each encodeURIComponent-encoded, and reads them back", () => {
    const state = { mode: "value", type: "map(string)", value: '{ a = "x & y = z#" }' } as const;
    const hash = hashOfState(state);
    expect(hash).toBe(`#type=${encodeURIComponent(state.type)}&value=${encodeURIComponent(state.value)}`);
    expect(stateFromHash(hash)).toEqual(state);
  });

  it("holds a module's variables.tf and terraform.tfvars", () => {
    const state = { mode: "module", variables: 'variable "x" {}', tfvars: "x = 1" } as const;
    expect(stateFromHash(hashOfState(state))).toEqual(state);
  });

  it("describes no state when a part is missing or malformed", () => {
    expect(stateFromHash("")).toBeNull();
    expect(stateFromHash("#type=string")).toBeNull();
    expect(stateFromHash("#type=%E0%A4%A&value=1")).toBeNull();
  });
});
