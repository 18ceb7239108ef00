// @tofukit/convert: OpenTofu's type conversion: convert, unify and optional-attribute defaults.
export {};
