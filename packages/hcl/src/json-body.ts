// A `.tf.json` file's bodies as HCL's JSON syntax presents them (hcl/json's body): what is an
// argument and what a block is known only from a schema, a block type's value is an object or
// an array of objects, each label one more level of object, `"//"` a comment, and the
// expressions are JSON values read as HCL reads them — strings as templates with their
// interpolations, objects and arrays as object and tuple constructors.
import {
  boolVal,
  dynamicVal,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import type { Expression, ObjectConsItem } from "./ast.js";
import { type Diagnostic, errorDiag, formatRange } from "./diagnostic.js";
import { type JSONNode, type JSONProperty, jsonNodeStartRange, parseJSONNode } from "./json-node.js";
import { nameSuggestion } from "./name-suggestion.js";
import { parseExpression } from "./parse.js";
import { parseTemplate } from "./parse-template.js";
import type { Pos, Range } from "./pos.js";
import { rangeBetween } from "./pos.js";
import { SyntaxNode } from "./syntax-node.js";

/** What a body is read against: its arguments and its block types with their label names. */
export interface JSONBodySchema {
  readonly attributes: readonly { readonly name: string; readonly required?: boolean }[];
  readonly blocks: readonly { readonly type: string; readonly labelNames?: readonly string[] }[];
}

/** An argument of a JSON body, shaped as a native Attribute, with the JSON value it is written as. */
export interface JSONAttribute {
  readonly kind: "attribute";
  readonly name: string;
  readonly nameRange: Range;
  /** The value as an expression (templates parsed); see `exprDiagnostics`. */
  readonly expr: Expression;
  /** Problems parsing the value's templates: hcl reports them when the value is evaluated with a context. */
  readonly exprDiagnostics: readonly Diagnostic[];
  readonly node: JSONNode;
  /** From the name to the end of the value. */
  readonly range: Range;
}

/** A block of a JSON body, shaped as a native Block. */
export interface JSONBlock {
  readonly kind: "block";
  readonly type: string;
  readonly labels: readonly string[];
  readonly typeRange: Range;
  readonly labelRanges: readonly Range[];
  /** The opening brace of the block's object (of its array, for an array of objects). */
  readonly defRange: Range;
  readonly body: JSONBody;
}

export interface JSONBodyContent {
  readonly attributes: readonly JSONAttribute[];
  readonly blocks: readonly JSONBlock[];
  readonly missingItemRange: Range;
  readonly diagnostics: readonly Diagnostic[];
}

export interface JSONPartialContent extends JSONBodyContent {
  /** The body with the names the schema took hidden. */
  readonly remain: JSONBody;
}

export interface JSONFileParse {
  readonly body: JSONBody;
  readonly diagnostics: readonly Diagnostic[];
}

function shiftPos(p: Pos, base: Pos): Pos {
  return p.line === 1
    ? { line: base.line, column: base.column + p.column - 1, byte: base.byte + p.byte }
    : { line: base.line + p.line - 1, column: p.column, byte: base.byte + p.byte };
}

function isRange(x: object): x is Range {
  return "filename" in x && "start" in x && "end" in x;
}

/** A copy of a parsed tree with every range passed through `move`. */
function moveRanges<T>(node: T, move: (r: Range) => Range): T {
  if (Array.isArray(node)) return node.map((item) => moveRanges(item, move)) as T;
  if (node === null || typeof node !== "object") return node;
  if (isRange(node)) return move(node) as T;
  const out: Record<string, unknown> = {};
  // A node of the native parser keeps its ranges outside its own fields: toJSON() lists them.
  const fields = node instanceof SyntaxNode ? node.toJSON() : node;
  for (const [key, value] of Object.entries(fields)) out[key] = moveRanges(value, move);
  return out as T;
}

/**
 * A JSON string as the template hcl/json parses it: positions count from just after the
 * opening quote (inexact after an escape, as in hcl).
 */
function stringTemplate(value: string, range: Range, diags: Diagnostic[]): Expression {
  const base: Pos = { line: range.start.line, column: range.start.column + 1, byte: range.start.byte + 1 };
  const move = (r: Range): Range => ({
    filename: range.filename,
    start: shiftPos(r.start, base),
    end: shiftPos(r.end, base),
  });
  const parsed = parseTemplate(value, range.filename);
  for (const d of parsed.diagnostics) diags.push(moveRanges(d, move));
  if (parsed.diagnostics.some((d) => d.severity === "error")) {
    return { kind: "literal", value: { type: "unknown" }, range };
  }
  return moveRanges(parsed.expr, move);
}

/**
 * A JSON string's text parsed as a native expression where it is written, as hcl/json reads a
 * string for static analysis (a `type` constraint, a traversal): problems go to `diags`.
 */
export function jsonStringExpression(
  node: Extract<JSONNode, { kind: "string" }>,
  diags: Diagnostic[],
): Expression {
  const range = node.range;
  const base: Pos = { line: range.start.line, column: range.start.column + 1, byte: range.start.byte + 1 };
  const move = (r: Range): Range => ({
    filename: range.filename,
    start: shiftPos(r.start, base),
    end: shiftPos(r.end, base),
  });
  const parsed = parseExpression(node.value, range.filename);
  for (const d of parsed.diagnostics) diags.push(moveRanges(d, move));
  return moveRanges(parsed.expr, move);
}

/**
 * The expression a JSON value stands for when evaluated with a context, as hcl/json evaluates
 * it: strings (object keys too) are templates, arrays tuples, objects objects, the rest literals.
 * Problems parsing templates go to `diags`.
 */
export function jsonExpression(node: JSONNode, diags: Diagnostic[]): Expression {
  switch (node.kind) {
    case "string":
      return stringTemplate(node.value, node.range, diags);
    case "number":
      return { kind: "literal", value: { type: "number", text: node.text }, range: node.range };
    case "bool":
      return { kind: "literal", value: { type: "bool", value: node.value }, range: node.range };
    case "null":
      return { kind: "literal", value: { type: "null" }, range: node.range };
    case "invalid":
      return { kind: "literal", value: { type: "unknown" }, range: node.range };
    case "array":
      return {
        kind: "tuple",
        exprs: node.values.map((v) => jsonExpression(v, diags)),
        openRange: node.openRange,
        range: node.range,
      };
    case "object": {
      const items: ObjectConsItem[] = node.properties.map((p) => ({
        key: {
          kind: "objectKey",
          wrapped: stringTemplate(p.name, p.nameRange, diags),
          forceNonLiteral: false,
          range: p.nameRange,
        },
        value: jsonExpression(p.value, diags),
      }));
      return { kind: "object", items, openRange: node.openRange, range: node.range };
    }
  }
}

/**
 * A JSON value evaluated without a context, as hcl/json does: strings verbatim (no templates),
 * numbers exact, arrays tuples, objects objects (a repeated name is "Duplicate object attribute").
 */
export function jsonNodeValue(node: JSONNode, diags: Diagnostic[] = []): Value {
  switch (node.kind) {
    case "string":
      return stringVal(node.value);
    case "number":
      return numberVal(node.text);
    case "bool":
      return boolVal(node.value);
    case "null":
      return nullVal(t.dynamic);
    case "invalid":
      return dynamicVal;
    case "array":
      return tupleVal(node.values.map((v) => jsonNodeValue(v, diags)));
    case "object": {
      const seen = new Map<string, Range>();
      const attrs: [string, Value][] = [];
      for (const p of node.properties) {
        const value = jsonNodeValue(p.value, diags);
        const before = seen.get(p.name);
        if (before !== undefined) {
          diags.push(
            errorDiag(
              "Duplicate object attribute",
              `An attribute named ${goQuote(p.name)} was already defined at ${formatRange(before)}.`,
              p.nameRange,
            ),
          );
          continue;
        }
        seen.set(p.name, p.nameRange);
        attrs.push([p.name, value]);
      }
      return objectVal(attrs);
    }
  }
}

function attribute(p: JSONProperty): JSONAttribute {
  const exprDiagnostics: Diagnostic[] = [];
  const expr = jsonExpression(p.value, exprDiagnostics);
  return {
    kind: "attribute",
    name: p.name,
    nameRange: p.nameRange,
    expr,
    exprDiagnostics,
    node: p.value,
    range: rangeBetween(p.nameRange, p.value.range),
  };
}

/** The body of a `.tf.json` file or block: a JSON object, or an array of them. */
export class JSONBody {
  readonly node: JSONNode;
  private readonly hidden: ReadonlySet<string>;

  constructor(node: JSONNode, hidden: ReadonlySet<string> = new Set()) {
    this.node = node;
    this.hidden = hidden;
  }

  /** Where a missing argument is reported: an object's closing brace, an array's opening bracket. */
  get missingItemRange(): Range {
    const n = this.node;
    return n.kind === "object" ? n.closeRange : jsonNodeStartRange(n);
  }

  /** The properties of the object, or of each object of the array, in order. */
  private deepProperties(node: JSONNode, labelName: string | undefined, diags: Diagnostic[]): JSONProperty[] {
    if (node.kind === "null") return [];
    if (node.kind === "object") return [...node.properties];
    if (node.kind === "array") {
      const out: JSONProperty[] = [];
      for (const v of node.values) {
        if (v.kind === "object") {
          out.push(...v.properties);
          continue;
        }
        diags.push(
          errorDiag(
            "Incorrect JSON value type",
            labelName !== undefined
              ? `A JSON object is required here, to specify ${labelName} labels for this block.`
              : "A JSON object is required here, to define arguments and child blocks.",
            jsonNodeStartRange(v),
          ),
        );
      }
      return out;
    }
    diags.push(
      errorDiag(
        "Incorrect JSON value type",
        labelName !== undefined
          ? `Either a JSON object or JSON array of objects is required here, to specify ${labelName} labels for this block.`
          : "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.",
        jsonNodeStartRange(node),
      ),
    );
    return [];
  }

  private unpackBlock(
    node: JSONNode,
    type: string,
    typeRange: Range,
    labelsLeft: readonly string[],
    labels: readonly string[],
    labelRanges: readonly Range[],
    blocks: JSONBlock[],
    diags: Diagnostic[],
  ): void {
    const labelName = labelsLeft[0];
    if (labelName !== undefined) {
      const props = this.deepProperties(node, labelName, diags);
      if (props.length === 0) {
        diags.push(
          errorDiag(
            "Missing block label",
            `At least one object property is required, whose name represents the ${type} block's ${labelName}.`,
            jsonNodeStartRange(node),
          ),
        );
        return;
      }
      for (const p of props) {
        this.unpackBlock(
          p.value,
          type,
          typeRange,
          labelsLeft.slice(1),
          [...labels, p.name],
          [...labelRanges, p.nameRange],
          blocks,
          diags,
        );
      }
      return;
    }
    if (node.kind === "null") return;
    if (node.kind === "object") {
      blocks.push({
        kind: "block",
        type,
        labels,
        typeRange,
        labelRanges,
        defRange: node.openRange,
        body: new JSONBody(node),
      });
      return;
    }
    if (node.kind === "array") {
      for (const v of node.values) {
        blocks.push({
          kind: "block",
          type,
          labels,
          typeRange,
          labelRanges,
          defRange: node.openRange,
          body: new JSONBody(v),
        });
      }
      return;
    }
    diags.push(
      errorDiag(
        "Incorrect JSON value type",
        `Either a JSON object or a JSON array is required, representing the contents of one or more ${goQuote(type)} blocks.`,
        jsonNodeStartRange(node),
      ),
    );
  }

  /** hcl's Body.PartialContent: what the schema names; everything else stays in `remain`. */
  partialContent(schema: JSONBodySchema): JSONPartialContent {
    const diags: Diagnostic[] = [];
    const props = this.deepProperties(this.node, undefined, diags);
    const used = new Set(this.hidden);
    const attributes: JSONAttribute[] = [];
    const blocks: JSONBlock[] = [];
    for (const p of props) {
      if (this.hidden.has(p.name)) continue;
      if (schema.attributes.some((a) => a.name === p.name)) {
        const existing = attributes.find((a) => a.name === p.name);
        if (existing !== undefined) {
          diags.push(
            errorDiag(
              "Duplicate argument",
              `The argument ${goQuote(p.name)} was already set at ${formatRange(existing.range)}.`,
              p.nameRange,
              rangeBetween(p.nameRange, p.value.range),
            ),
          );
          continue;
        }
        attributes.push(attribute(p));
        used.add(p.name);
        continue;
      }
      const block = schema.blocks.find((b) => b.type === p.name);
      if (block !== undefined) {
        this.unpackBlock(p.value, block.type, p.nameRange, block.labelNames ?? [], [], [], blocks, diags);
        used.add(p.name);
      }
    }
    for (const a of schema.attributes) {
      if (a.required && !attributes.some((b) => b.name === a.name)) {
        diags.push(
          errorDiag(
            "Missing required argument",
            `The argument ${goQuote(a.name)} is required, but no definition was found.`,
            this.missingItemRange,
          ),
        );
      }
    }
    return {
      attributes,
      blocks,
      missingItemRange: this.missingItemRange,
      diagnostics: diags,
      remain: new JSONBody(this.node, used),
    };
  }

  /** hcl's Body.Content: as partialContent, and every other property is "Extraneous JSON object property". */
  content(schema: JSONBodySchema): JSONBodyContent {
    const { remain, ...content } = this.partialContent(schema);
    const diags = [...content.diagnostics];
    const hidden = remain.hidden;
    const suggestions = [
      ...schema.attributes.filter((a) => !hidden.has(a.name)).map((a) => a.name),
      ...schema.blocks.map((b) => b.type),
    ];
    for (const p of this.deepProperties(this.node, undefined, diags)) {
      if (p.name === "//" || hidden.has(p.name)) continue;
      const suggestion = nameSuggestion(p.name, suggestions);
      diags.push(
        errorDiag(
          "Extraneous JSON object property",
          `No argument or block type is named ${goQuote(p.name)}.${suggestion === "" ? "" : ` Did you mean ${goQuote(suggestion)}?`}`,
          p.nameRange,
          rangeBetween(p.nameRange, p.value.range),
        ),
      );
    }
    return { ...content, diagnostics: diags };
  }

  /** hcl's Body.JustAttributes: every property of the object an argument (`"//"` excepted). */
  justAttributes(): {
    readonly attributes: readonly JSONAttribute[];
    readonly diagnostics: readonly Diagnostic[];
  } {
    const n = this.node;
    if (n.kind !== "object") {
      return {
        attributes: [],
        diagnostics: [
          errorDiag(
            "Incorrect JSON value type",
            "A JSON object is required here, setting the arguments for this block.",
            jsonNodeStartRange(n),
          ),
        ],
      };
    }
    const diags: Diagnostic[] = [];
    const attributes: JSONAttribute[] = [];
    for (const p of n.properties) {
      if (p.name === "//" || this.hidden.has(p.name)) continue;
      const existing = attributes.find((a) => a.name === p.name);
      if (existing !== undefined) {
        diags.push(
          errorDiag(
            "Duplicate attribute definition",
            `The argument ${goQuote(p.name)} was already set at ${formatRange(existing.range)}.`,
            p.nameRange,
          ),
        );
        continue;
      }
      attributes.push(attribute(p));
    }
    return { attributes, diagnostics: diags };
  }
}

/**
 * Parses a JSON configuration file as hcl/json's Parse: the root must be an object or an array
 * of objects ("Root value must be object" otherwise, the body then empty).
 */
export function parseJSONFile(src: string, filename = "<json>"): JSONFileParse {
  const { node, diagnostics } = parseJSONNode(src, filename);
  if (node.kind === "object" || node.kind === "array") return { body: new JSONBody(node), diagnostics };
  const at = { line: 1, column: 1, byte: 0 };
  const fake: Range = { filename, start: at, end: at };
  return {
    body: new JSONBody({ kind: "object", properties: [], range: fake, openRange: fake, closeRange: fake }),
    diagnostics: [
      ...diagnostics,
      errorDiag(
        "Root value must be object",
        "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
        jsonNodeStartRange(node),
      ),
    ],
  };
}
