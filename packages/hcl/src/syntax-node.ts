// The nodes the native-syntax parser builds for the commonest kinds. Each keeps its source
// text's index and two offsets in its own fields, and its `range` (and the other ranges some
// kinds have) is a SourceRange made when it is read. A tree of a large file then has one object
// per node where it had two, and a parse moves that many fewer objects through the garbage
// collector. The nodes satisfy the interfaces of ast.ts, as every other node does; `toJSON()`
// gives a node's fields and every range, which is what JSON.stringify writes.
import type {
  Attribute,
  BinaryOpExpr,
  BinaryOperator,
  ConditionalExpr,
  Expression,
  FunctionCallExpr,
  Literal,
  LiteralExpr,
  ObjectConsExpr,
  ObjectConsItem,
  ObjectConsKeyExpr,
  RelativeTraversalExpr,
  ScopeTraversalExpr,
  TemplateExpr,
  TemplateWrapExpr,
  Traverser,
  TupleConsExpr,
} from "./ast.js";
import type { Range } from "./pos.js";
import { type SourceIndex, SourceRange } from "./source-index.js";

// A node's range, under symbols (not exported from the package): out of the way of Object.keys,
// JSON and `for…in`. Each class's constructor sets the three itself: set in one constructor that
// every kind runs, the stores would see every kind's shape and run several times slower.
const SPAN_INDEX: unique symbol = Symbol("range.index");
const SPAN_START: unique symbol = Symbol("range.start");
const SPAN_END: unique symbol = Symbol("range.end");

/** A node with its range in its own fields (see the file's comment). */
export abstract class SyntaxNode {
  declare [SPAN_INDEX]: SourceIndex;
  declare [SPAN_START]: number;
  declare [SPAN_END]: number;

  get range(): SourceRange {
    return new SourceRange(this[SPAN_INDEX], this[SPAN_START], this[SPAN_END]);
  }

  /**
   * The node as plain data, one level deep: its own fields, and its ranges as SourceRange objects
   * (JSON.stringify, which calls toJSON on each, writes the whole node as plain data).
   */
  toJSON(): object {
    return { ...fieldsOf(this), range: this.range };
  }

  /** Node's `console.log` and `util.inspect` show a node as toJSON() does. */
  [Symbol.for("nodejs.util.inspect.custom")](): object {
    return this.toJSON();
  }
}

/** A node's own fields, without its range's (which are keyed by symbols, and which a spread copies). */
function fieldsOf(node: SyntaxNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) out[key] = (node as unknown as Record<string, unknown>)[key];
  return out;
}

/** A node or a range of the parsed text. */
type Spanned = Expression | Traverser | Range;

/**
 * The range of a node built as plain data, which the native parser builds only with ranges of
 * its own text (SourceRange objects).
 */
function sourceRangeOf(x: Spanned): SourceRange {
  const r = x instanceof SourceRange ? x : (x as { readonly range?: unknown }).range;
  if (!(r instanceof SourceRange))
    throw new Error("internal error: a syntax node over a range of no parsed text");
  return r;
}

/** The index of the text `x` is a node or range of. */
export function indexOf(x: Spanned): SourceIndex {
  return x instanceof SyntaxNode ? x[SPAN_INDEX] : SourceRange.indexOf(sourceRangeOf(x));
}

/** The string offset where `x` starts. */
export function startOf(x: Spanned): number {
  return x instanceof SyntaxNode ? x[SPAN_START] : SourceRange.startOf(sourceRangeOf(x));
}

/** The string offset where `x` ends (exclusive). */
export function endOf(x: Spanned): number {
  return x instanceof SyntaxNode ? x[SPAN_END] : SourceRange.endOf(sourceRangeOf(x));
}

export class LiteralNode extends SyntaxNode implements LiteralExpr {
  declare readonly kind: "literal";
  declare readonly value: Literal;

  constructor(value: Literal, index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "literal";
    this.value = value;
  }
}

export class RootStep extends SyntaxNode {
  declare readonly kind: "root";
  declare readonly name: string;

  constructor(name: string, index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "root";
    this.name = name;
  }
}

export class AttrStep extends SyntaxNode {
  declare readonly kind: "attr";
  declare readonly name: string;

  constructor(name: string, index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "attr";
    this.name = name;
  }
}

export class IndexStep extends SyntaxNode {
  declare readonly kind: "index";
  declare readonly key: Literal;

  constructor(key: Literal, index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "index";
    this.key = key;
  }
}

export class ScopeTraversalNode extends SyntaxNode implements ScopeTraversalExpr {
  declare readonly kind: "scopeTraversal";
  declare readonly traversal: readonly Traverser[];

  constructor(traversal: readonly Traverser[], index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "scopeTraversal";
    this.traversal = traversal;
  }
}

export class RelativeTraversalNode extends SyntaxNode implements RelativeTraversalExpr {
  declare readonly kind: "relativeTraversal";
  declare readonly source: Expression;
  declare readonly traversal: readonly Traverser[];

  constructor(
    source: Expression,
    traversal: readonly Traverser[],
    index: SourceIndex,
    start: number,
    end: number,
  ) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "relativeTraversal";
    this.source = source;
    this.traversal = traversal;
  }
}

export class BinaryOpNode extends SyntaxNode implements BinaryOpExpr {
  declare readonly kind: "binaryOp";
  declare readonly op: BinaryOperator;
  declare readonly lhs: Expression;
  declare readonly rhs: Expression;

  /** The operation `op` of `lhs` and `rhs`, over the range from the one to the other. */
  constructor(op: BinaryOperator, lhs: Expression, rhs: Expression) {
    super();
    this[SPAN_INDEX] = indexOf(lhs);
    this[SPAN_START] = Math.min(startOf(lhs), startOf(rhs));
    this[SPAN_END] = Math.max(endOf(lhs), endOf(rhs));
    this.kind = "binaryOp";
    this.op = op;
    this.lhs = lhs;
    this.rhs = rhs;
  }
}

export class ConditionalNode extends SyntaxNode implements ConditionalExpr {
  declare readonly kind: "conditional";
  declare readonly condition: Expression;
  declare readonly trueResult: Expression;
  declare readonly falseResult: Expression;

  constructor(
    condition: Expression,
    trueResult: Expression,
    falseResult: Expression,
    index: SourceIndex,
    start: number,
    end: number,
  ) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "conditional";
    this.condition = condition;
    this.trueResult = trueResult;
    this.falseResult = falseResult;
  }
}

export class TemplateNode extends SyntaxNode implements TemplateExpr {
  declare readonly kind: "template";
  declare readonly parts: readonly Expression[];

  constructor(parts: readonly Expression[], index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "template";
    this.parts = parts;
  }
}

export class TemplateWrapNode extends SyntaxNode implements TemplateWrapExpr {
  declare readonly kind: "templateWrap";
  declare readonly wrapped: Expression;

  constructor(wrapped: Expression, index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "templateWrap";
    this.wrapped = wrapped;
  }
}

/** A tuple constructor; its `openRange` is its first character, the `[`. */
export class TupleNode extends SyntaxNode implements TupleConsExpr {
  declare readonly kind: "tuple";
  declare readonly exprs: readonly Expression[];

  constructor(exprs: readonly Expression[], index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "tuple";
    this.exprs = exprs;
  }

  get openRange(): SourceRange {
    const start = this[SPAN_START];
    return new SourceRange(this[SPAN_INDEX], start, start + 1);
  }

  override toJSON(): object {
    return { ...fieldsOf(this), openRange: this.openRange, range: this.range };
  }
}

/** An object constructor; its `openRange` is its first character, the `{`. */
export class ObjectNode extends SyntaxNode implements ObjectConsExpr {
  declare readonly kind: "object";
  declare readonly items: readonly ObjectConsItem[];

  constructor(items: readonly ObjectConsItem[], index: SourceIndex, start: number, end: number) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = start;
    this[SPAN_END] = end;
    this.kind = "object";
    this.items = items;
  }

  get openRange(): SourceRange {
    const start = this[SPAN_START];
    return new SourceRange(this[SPAN_INDEX], start, start + 1);
  }

  override toJSON(): object {
    return { ...fieldsOf(this), openRange: this.openRange, range: this.range };
  }
}

/** An object key, over the range of the expression it wraps. */
export class ObjectKeyNode extends SyntaxNode implements ObjectConsKeyExpr {
  declare readonly kind: "objectKey";
  declare readonly wrapped: Expression;
  declare readonly forceNonLiteral: boolean;

  constructor(wrapped: Expression, forceNonLiteral: boolean) {
    super();
    this[SPAN_INDEX] = indexOf(wrapped);
    this[SPAN_START] = startOf(wrapped);
    this[SPAN_END] = endOf(wrapped);
    this.kind = "objectKey";
    this.wrapped = wrapped;
    this.forceNonLiteral = forceNonLiteral;
  }
}

/**
 * A function call, from its name to its closing parenthesis (or where the parse stopped without
 * one). The name starts the call; the ranges of its parts are kept as offsets too.
 */
export class CallNode extends SyntaxNode implements FunctionCallExpr {
  declare readonly kind: "call";
  declare readonly name: string;
  declare readonly args: readonly Expression[];
  declare readonly expandFinal: boolean;
  readonly #nameEnd: number;
  readonly #openStart: number;
  readonly #openEnd: number;
  readonly #closeStart: number;

  constructor(
    name: string,
    args: readonly Expression[],
    expandFinal: boolean,
    index: SourceIndex,
    // Offsets: the name's start and end, the `(`, and the closing token (which ends the call).
    nameStart: number,
    nameEnd: number,
    openStart: number,
    openEnd: number,
    closeStart: number,
    closeEnd: number,
  ) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = nameStart;
    this[SPAN_END] = closeEnd;
    this.kind = "call";
    this.name = name;
    this.args = args;
    this.expandFinal = expandFinal;
    this.#nameEnd = nameEnd;
    this.#openStart = openStart;
    this.#openEnd = openEnd;
    this.#closeStart = closeStart;
  }

  get nameRange(): SourceRange {
    return new SourceRange(this[SPAN_INDEX], this[SPAN_START], this.#nameEnd);
  }

  get openParenRange(): SourceRange {
    return new SourceRange(this[SPAN_INDEX], this.#openStart, this.#openEnd);
  }

  get closeParenRange(): SourceRange {
    return new SourceRange(this[SPAN_INDEX], this.#closeStart, this[SPAN_END]);
  }

  override toJSON(): object {
    return {
      ...fieldsOf(this),
      nameRange: this.nameRange,
      openParenRange: this.openParenRange,
      closeParenRange: this.closeParenRange,
      range: this.range,
    };
  }
}

/** The literal `value` over `range`, a range of the parsed text. */
export function literalOver(value: Literal, range: Range): LiteralNode {
  return new LiteralNode(value, indexOf(range), startOf(range), endOf(range));
}

/** An attribute, `name = expr`, from its name to the end of its expression. */
export class AttributeNode extends SyntaxNode implements Attribute {
  declare readonly kind: "attribute";
  declare readonly name: string;
  declare readonly expr: Expression;
  readonly #nameEnd: number;
  readonly #equalsStart: number;
  readonly #equalsEnd: number;

  constructor(
    name: string,
    expr: Expression,
    index: SourceIndex,
    // Offsets: the name, the `=`, and where the attribute ends.
    nameStart: number,
    nameEnd: number,
    equalsStart: number,
    equalsEnd: number,
    end: number,
  ) {
    super();
    this[SPAN_INDEX] = index;
    this[SPAN_START] = nameStart;
    this[SPAN_END] = end;
    this.kind = "attribute";
    this.name = name;
    this.expr = expr;
    this.#nameEnd = nameEnd;
    this.#equalsStart = equalsStart;
    this.#equalsEnd = equalsEnd;
  }

  get nameRange(): SourceRange {
    return new SourceRange(this[SPAN_INDEX], this[SPAN_START], this.#nameEnd);
  }

  get equalsRange(): SourceRange {
    return new SourceRange(this[SPAN_INDEX], this.#equalsStart, this.#equalsEnd);
  }

  override toJSON(): object {
    return { ...fieldsOf(this), nameRange: this.nameRange, equalsRange: this.equalsRange, range: this.range };
  }
}
