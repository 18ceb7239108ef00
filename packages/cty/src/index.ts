// @tofukit/cty: OpenTofu's value model: types, values, exact numbers, set order, cty JSON, console rendering.
export {};
