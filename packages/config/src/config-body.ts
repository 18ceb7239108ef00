// A block's body as OpenTofu's decoder sees it through hcl.Body, whichever the file's syntax:
// arguments with their expressions and ranges, nested blocks, and the range a missing argument
// is reported at. Native bodies come from the parser; `.tf.json` objects are read against the
// block types a schema knows, as HCL's JSON syntax reads them (a property is a block only when
// the schema says so).
import { type Block, type Body, type Diagnostic, type Expression, errorDiag } from "@tofukit/hcl";
import type { JSONNode, JSONProperty, Positions } from "./json-document.js";
import { jsonNodeExpression } from "./json-expression.js";
import type { Range } from "./variable-declaration.js";

export interface ConfigAttribute {
  readonly name: string;
  readonly nameRange: Range;
  readonly expr: Expression;
  /** The whole `name = value` (a JSON property and its value). */
  readonly range: Range;
}

export interface ConfigBlock {
  readonly type: string;
  readonly labels: readonly string[];
  readonly typeRange: Range;
  readonly labelRanges: readonly Range[];
  /** `type "label"`: where OpenTofu says a block is declared. */
  readonly defRange: Range;
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

export function nativeBody(body: Body): ConfigBody {
  return {
    attributes: body.attributes.map((a) => ({
      name: a.name,
      nameRange: a.nameRange,
      expr: a.expr,
      range: a.range,
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
    defRange: { filename: block.typeRange.filename, start: block.typeRange.start, end: last.end },
    body: nativeBody(block.body),
  };
}

type JSONObject = Extract<JSONNode, { kind: "object" }>;

/** The objects a block property holds: one object, or an array of them (HCL's JSON block forms). */
export function jsonBlockObjects(node: JSONNode, at: Positions, problems: Diagnostic[]): JSONObject[] {
  if (node.kind === "object") return [node];
  if (node.kind === "array") return node.items.flatMap((item) => jsonBlockObjects(item, at, problems));
  problems.push(
    errorDiag(
      "Incorrect JSON value type",
      "A JSON object is required here, setting the arguments for this block.",
      at.range(node.start, node.end),
    ),
  );
  return [];
}

/**
 * A JSON object read as a body whose nested blocks are `blockTypes` (each with the number of
 * labels it takes); every other property is an argument.
 */
export function jsonBody(
  node: JSONObject,
  at: Positions,
  blockTypes: ReadonlyMap<string, number>,
): ConfigBody {
  const attributes: ConfigAttribute[] = [];
  const blocks: ConfigBlock[] = [];
  const problems: Diagnostic[] = [];
  for (const p of node.properties) {
    if (p.name === "//") continue;
    const labels = blockTypes.get(p.name);
    const typeRange = at.range(p.nameStart, p.nameEnd);
    if (labels === undefined) {
      attributes.push({
        name: p.name,
        nameRange: typeRange,
        expr: jsonNodeExpression(p.value, at, problems),
        range: at.range(p.nameStart, p.value.end),
      });
      continue;
    }
    for (const block of labelledObjects(p, labels, at, problems)) {
      blocks.push({
        type: p.name,
        labels: block.labels,
        typeRange,
        labelRanges: block.labelRanges,
        defRange: block.labelRanges.at(-1) ?? typeRange,
        body: jsonBody(block.node, at, new Map()),
      });
    }
  }
  return {
    attributes,
    blocks,
    missingItemRange: at.range(node.start, node.start + 1),
    problems,
    syntax: "json",
  };
}

/** `"type": {"label": {…}}` nested once per label, each level an object or an array of objects. */
function labelledObjects(
  p: JSONProperty,
  labels: number,
  at: Positions,
  problems: Diagnostic[],
): { labels: string[]; labelRanges: Range[]; node: JSONObject }[] {
  let level: { labels: string[]; labelRanges: Range[]; node: JSONNode }[] = [
    { labels: [], labelRanges: [], node: p.value },
  ];
  for (let i = 0; i < labels; i++) {
    const next: typeof level = [];
    for (const item of level) {
      for (const obj of jsonBlockObjects(item.node, at, problems)) {
        for (const q of obj.properties) {
          next.push({
            labels: [...item.labels, q.name],
            labelRanges: [...item.labelRanges, at.range(q.nameStart, q.nameEnd)],
            node: q.value,
          });
        }
      }
    }
    level = next;
  }
  return level.flatMap((item) =>
    jsonBlockObjects(item.node, at, problems).map((node) => ({ ...item, node })),
  );
}

/** The blocks of one type at the top of a `.tf.json` file (`"module": {"name": {…}}`). */
export function jsonTopLevelBlocks(
  root: JSONObject,
  at: Positions,
  type: string,
  labels: number,
  nestedBlockTypes: ReadonlyMap<string, number>,
  problems: Diagnostic[],
): ConfigBlock[] {
  const out: ConfigBlock[] = [];
  for (const p of root.properties) {
    if (p.name !== type) continue;
    const typeRange = at.range(p.nameStart, p.nameEnd);
    for (const block of labelledObjects(p, labels, at, problems)) {
      out.push({
        type,
        labels: block.labels,
        typeRange,
        labelRanges: block.labelRanges,
        defRange: block.labelRanges.at(-1) ?? typeRange,
        body: jsonBody(block.node, at, nestedBlockTypes),
      });
    }
  }
  return out;
}
