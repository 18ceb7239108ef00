import { describe, expect, it } from "vitest";
import { addressFromHash, hashOfAddress, hashOfState, stateFromHash } from "./hash-state.js";

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

  it("holds the address tab's inputs, an unknown kind or engine read as the default", () => {
    const state = {
      source: "hashicorp/aws",
      kind: "provider",
      constraint: "~> 5.0, != 5.1.0",
      engine: "provider",
      versions: "5.0.0 5.1.0",
    } as const;
    expect(addressFromHash(hashOfAddress(state))).toEqual(state);
    expect(stateFromHash(hashOfAddress(state))).toBeNull();
    expect(addressFromHash(hashOfState({ mode: "value", type: "string", value: '"x"' }))).toBeNull();
    expect(addressFromHash("#source=x&kind=nope&engine=nope")).toEqual({
      source: "x",
      kind: "module",
      constraint: "",
      engine: "provider",
      versions: "",
    });
  });
});
