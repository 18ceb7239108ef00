// A block's body as OpenTofu's decoder sees it through hcl.Body, whichever the file's syntax:
// arguments with their expressions and ranges, nested blocks, and the range a missing argument
// is reported at. Native bodies come from the parser; `.tf.json` bodies from hcl's JSON syntax,
// read against the block types a schema knows (a property is a block only when the schema says so).
import type { Value } from "@tofukit/cty";
import {
  type Block,
  type Body,
  type Diagnostic,
  type Expression,
  evaluateExpression,
  type JSONAttribute,
  type JSONBlock,
  type JSONBody,
  type JSONBodySchema,
  type JSONNode,
  jsonNodeStartRange,
  jsonNodeValue,
  rangeBetween,
  startRange,
} from "@tofukit/hcl";
import type { Range } from "./variable-declaration.js";

export interface ConfigAttribute {
  readonly name: string;
  readonly nameRange: Range;
  readonly expr: Expression;
  /** The whole `name = value` (a JSON property and its value). */
  readonly range: Range;
  /** Problems parsing the templates of a JSON value, for when it is evaluated with a context. */
  readonly exprDiagnostics: readonly Diagnostic[];
  /** The JSON value an argument of a `.tf.json` file is written as. */
  readonly json?: JSONNode;
}

export interface ConfigBlock {
  readonly type: string;
  readonly labels: readonly string[];
  readonly typeRange: Range;
  readonly labelRanges: readonly Range[];
  /** `type "label"`: where OpenTofu says a block is declared. */
  readonly defRange: Range;
  /** A native block's opening brace; a JSON block's opening brace or bracket. */
  readonly openRange: Range;
  readonly body: ConfigBody;
}

export interface ConfigBody {
  readonly attributes: readonly ConfigAttribute[];
  readonly blocks: readonly ConfigBlock[];
  /** hcl's MissingItemRange: where "Missing required argument" points. */
  readonly missingItemRange: Range;
  /** Diagnostics of reading the body's JSON (a block type given a value that is no object). */
  readonly problems: readonly Diagnostic[];
  readonly syntax: "native" | "json";
}

function emptyAt(r: Range): Range {
  return { filename: r.filename, start: r.start, end: r.start };
}

function nativeBody(body: Body): ConfigBody {
  return {
    attributes: body.attributes.map((a) => ({
      name: a.name,
      nameRange: a.nameRange,
      expr: a.expr,
      range: a.range,
      exprDiagnostics: [],
    })),
    blocks: body.blocks.map(nativeBlock),
    missingItemRange: emptyAt(body.range),
    problems: [],
    syntax: "native",
  };
}

export function nativeBlock(block: Block): ConfigBlock {
  const last = block.labelRanges[block.labelRanges.length - 1] ?? block.typeRange;
  return {
    type: block.type,
    labels: block.labels,
    typeRange: block.typeRange,
    labelRanges: block.labelRanges,
    defRange: rangeBetween(block.typeRange, last),
    openRange: block.openBraceRange,
    body: nativeBody(block.body),
  };
}

/** A JSON body's content: the schema's block types as blocks, every other property an argument. */
function jsonBody(body: JSONBody, blockTypes: JSONBodySchema["blocks"]): ConfigBody {
  const content = body.partialContent({ attributes: [], blocks: blockTypes });
  const rest = content.remain.justAttributes();
  return {
    attributes: rest.attributes.map(jsonAttribute),
    blocks: content.blocks.map((b) => jsonBlock(b, [])),
    missingItemRange: body.missingItemRange,
    problems: [...content.diagnostics, ...rest.diagnostics],
    syntax: "json",
  };
}

function jsonAttribute(a: JSONAttribute): ConfigAttribute {
  return {
    name: a.name,
    nameRange: a.nameRange,
    expr: a.expr,
    range: a.range,
    exprDiagnostics: a.exprDiagnostics,
    json: a.node,
  };
}

/** A block of a JSON body, its own body read with `blockTypes` as its nested block types. */
export function jsonBlock(block: JSONBlock, blockTypes: JSONBodySchema["blocks"]): ConfigBlock {
  return {
    type: block.type,
    labels: block.labels,
    typeRange: block.typeRange,
    labelRanges: block.labelRanges,
    defRange: block.defRange,
    openRange: block.defRange,
    body: jsonBody(block.body, blockTypes),
  };
}

/**
 * The value of an argument without a context, as OpenTofu decodes constant arguments: native
 * expressions evaluated (no variables allowed), JSON values as written (strings verbatim). With
 * the range its problems are reported at (hcl's StartRange) and their context.
 */
export function constantValue(attr: ConfigAttribute): {
  readonly value: Value;
  readonly diagnostics: readonly Diagnostic[];
  readonly subject: Range;
  readonly context: Range;
} {
  if (attr.json !== undefined) {
    const diagnostics: Diagnostic[] = [];
    const value = jsonNodeValue(attr.json, diagnostics);
    return { value, diagnostics, subject: jsonNodeStartRange(attr.json), context: attr.json.range };
  }
  const { value, diagnostics } = evaluateExpression(attr.expr);
  return { value, diagnostics, subject: startRange(attr.expr), context: attr.expr.range };
}
