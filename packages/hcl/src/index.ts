// @tofukit/hcl: HCL native syntax: scanner, parser with source ranges, diagnostics, constant evaluation.
export {};
