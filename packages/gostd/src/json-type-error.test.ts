import { describe, expect, it } from "vitest";
import { goJsonUnmarshalTypeError } from "./json-type-error.js";

describe("goJsonUnmarshalTypeError", () => {
  it.each([
    ["array", "json: cannot unmarshal array into Go value of type map[string]interface {}"],
    ["string", "json: cannot unmarshal string into Go value of type map[string]interface {}"],
    ["number", "json: cannot unmarshal number into Go value of type map[string]interface {}"],
    ["bool", "json: cannot unmarshal bool into Go value of type map[string]interface {}"],
  ] as const)("names a %s as the reference does", (kind, message) => {
    expect(goJsonUnmarshalTypeError(kind, "map[string]interface {}")).toBe(message);
  });
});
