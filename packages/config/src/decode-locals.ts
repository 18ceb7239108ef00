// Decoding `locals` blocks as OpenTofu does, once for native and JSON syntax: each argument of
// each block is a local value (hcl's JustAttributes, so a nested block is an error), and a name
// may be defined once in a module.
import { type Diagnostic, type Expression, errorDiag } from "@tofukit/hcl";
import type { ConfigBlock } from "./config-body.js";
import { BAD_IDENTIFIER_DETAIL, isValidIdentifier } from "./decode-variable.js";
import type { Range } from "./variable-declaration.js";

export interface LocalValue {
  readonly name: string;
  readonly expr: Expression;
  readonly nameRange: Range;
  /** The whole `name = value`. */
  readonly declRange: Range;
}

/** The local values one `locals` block defines. */
export function decodeLocalsBlock(block: ConfigBlock, diags: Diagnostic[]): LocalValue[] {
  for (const item of block.body.problems) diags.push(item);
  for (const inner of block.body.blocks) {
    diags.push(
      errorDiag(
        `Unexpected ${JSON.stringify(inner.type)} block`,
        "Blocks are not allowed here.",
        inner.typeRange,
      ),
    );
  }
  for (const a of block.body.attributes) {
    for (const item of a.exprDiagnostics) diags.push(item);
    if (!isValidIdentifier(a.name)) {
      diags.push(errorDiag("Invalid local value name", BAD_IDENTIFIER_DETAIL, a.nameRange));
    }
  }
  return block.body.attributes.map((a) => ({
    name: a.name,
    expr: a.expr,
    nameRange: a.nameRange,
    declRange: a.range,
  }));
}
