// Makes toEqual compare cty values by cty's rawEquals: a Value keeps its payload in a private
// field, which Vitest's structural equality does not see, so without this two values of one
// type would always look equal.
import { consoleString, rawEquals, Value } from "@tofukit/cty";
import { expect } from "vitest";

expect.addEqualityTesters([
  (a: unknown, b: unknown) => (a instanceof Value && b instanceof Value ? rawEquals(a, b) : undefined),
]);

// Failure messages show values as `tofu console` does.
expect.addSnapshotSerializer({
  test: (v: unknown) => v instanceof Value,
  serialize: (v: Value) => consoleString(v),
});
