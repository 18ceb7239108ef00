// @tofukit/typeexpr: OpenTofu variable type constraints: parsing, defaults and type strings.
export {};
