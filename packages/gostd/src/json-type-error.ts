// encoding/json's UnmarshalTypeError: a JSON value of the wrong kind for the Go value it fills.

/** The names encoding/json gives the kinds of JSON value in its messages. */
export type GoJsonKind = "null" | "bool" | "string" | "number" | "array" | "object";

/** `json: cannot unmarshal array into Go value of type map[string]interface {}`. */
export function goJsonUnmarshalTypeError(kind: GoJsonKind, goType: string): string {
  return `json: cannot unmarshal ${kind} into Go value of type ${goType}`;
}
