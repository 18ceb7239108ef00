// The syntax tree of HCL native syntax: expressions, bodies, attributes and blocks, each with its source range.
import type { Diagnostic } from "./diagnostic.js";
import type { Range } from "./pos.js";

/**
 * A constant written directly in the source. Numbers keep their source text so that no precision
 * is lost before they become exact cty numbers; `unknown` stands in for a part that failed to parse.
 */
export type Literal =
  | { readonly type: "string"; readonly value: string }
  | { readonly type: "number"; readonly text: string }
  | { readonly type: "bool"; readonly value: boolean }
  | { readonly type: "null" }
  | {
      readonly type: "unknown";
      /**
       * Where the parser put this in place of a malformed part that hclsyntax represents as an
       * ExprSyntaxError (`a.`, `ns::`, `ns::name` without `(`): the parse diagnostics, which
       * evaluating it reports again, as that node's Value does.
       */
      readonly parseDiagnostics?: readonly Diagnostic[];
    };

/** One step of a traversal such as `var.a[0]`. */
export type Traverser =
  | { readonly kind: "root"; readonly name: string; readonly range: Range }
  | { readonly kind: "attr"; readonly name: string; readonly range: Range }
  | { readonly kind: "index"; readonly key: Literal; readonly range: Range };

export type BinaryOperator =
  | "||"
  | "&&"
  | "=="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "+"
  | "-"
  | "*"
  | "/"
  | "%";
export type UnaryOperator = "-" | "!";

export interface LiteralExpr {
  readonly kind: "literal";
  readonly value: Literal;
  readonly range: Range;
}
export interface TemplateExpr {
  readonly kind: "template";
  readonly parts: readonly Expression[];
  readonly range: Range;
}
/** A template that is exactly one interpolation, `"${x}"`: its value is `x`'s value, unconverted. */
export interface TemplateWrapExpr {
  readonly kind: "templateWrap";
  readonly wrapped: Expression;
  readonly range: Range;
}
/** A `%{ for }` directive: the string results of `tuple` joined together. */
export interface TemplateJoinExpr {
  readonly kind: "templateJoin";
  readonly tuple: ForExpr;
  readonly range: Range;
}
export interface ScopeTraversalExpr {
  readonly kind: "scopeTraversal";
  readonly traversal: readonly Traverser[];
  readonly range: Range;
}
export interface RelativeTraversalExpr {
  readonly kind: "relativeTraversal";
  readonly source: Expression;
  readonly traversal: readonly Traverser[];
  readonly range: Range;
}
export interface FunctionCallExpr {
  readonly kind: "call";
  readonly name: string;
  readonly nameRange: Range;
  readonly args: readonly Expression[];
  /** The last argument was followed by `...`. */
  readonly expandFinal: boolean;
  readonly openParenRange: Range;
  readonly closeParenRange: Range;
  readonly range: Range;
}
export interface ConditionalExpr {
  readonly kind: "conditional";
  readonly condition: Expression;
  readonly trueResult: Expression;
  readonly falseResult: Expression;
  readonly range: Range;
}
export interface BinaryOpExpr {
  readonly kind: "binaryOp";
  readonly op: BinaryOperator;
  readonly lhs: Expression;
  readonly rhs: Expression;
  readonly range: Range;
}
export interface UnaryOpExpr {
  readonly kind: "unaryOp";
  readonly op: UnaryOperator;
  readonly operand: Expression;
  readonly symbolRange: Range;
  readonly range: Range;
}
export interface TupleConsExpr {
  readonly kind: "tuple";
  readonly exprs: readonly Expression[];
  readonly openRange: Range;
  readonly range: Range;
}
export interface ObjectConsItem {
  readonly key: ObjectConsKeyExpr;
  readonly value: Expression;
}
export interface ObjectConsExpr {
  readonly kind: "object";
  readonly items: readonly ObjectConsItem[];
  readonly openRange: Range;
  readonly range: Range;
}
/**
 * An object key. A bare identifier is the literal string of its name; a key written in
 * parentheses (`forceNonLiteral`) is always evaluated as an expression.
 */
export interface ObjectConsKeyExpr {
  readonly kind: "objectKey";
  readonly wrapped: Expression;
  readonly forceNonLiteral: boolean;
  readonly range: Range;
}
export interface ForExpr {
  readonly kind: "for";
  /** Empty when the expression declares only a value variable. */
  readonly keyVar: string;
  readonly valVar: string;
  readonly collection: Expression;
  /** Present when building an object (`{for k, v in x : k => v}`). */
  readonly keyExpr: Expression | null;
  readonly valExpr: Expression;
  readonly condition: Expression | null;
  /** `...` after the value: group values with the same key into tuples. */
  readonly group: boolean;
  readonly openRange: Range;
  readonly closeRange: Range;
  readonly range: Range;
}
export interface IndexExpr {
  readonly kind: "index";
  readonly collection: Expression;
  readonly key: Expression;
  readonly bracketRange: Range;
  readonly range: Range;
}
export interface SplatExpr {
  readonly kind: "splat";
  readonly source: Expression;
  /** Evaluated once per element, with `item` standing for that element. */
  readonly each: Expression;
  readonly item: AnonSymbolExpr;
  readonly markerRange: Range;
  readonly range: Range;
}
export interface AnonSymbolExpr {
  readonly kind: "anonSymbol";
  readonly range: Range;
}
export interface ParenthesesExpr {
  readonly kind: "parentheses";
  readonly expr: Expression;
  readonly range: Range;
}

export type Expression =
  | LiteralExpr
  | TemplateExpr
  | TemplateWrapExpr
  | TemplateJoinExpr
  | ScopeTraversalExpr
  | RelativeTraversalExpr
  | FunctionCallExpr
  | ConditionalExpr
  | BinaryOpExpr
  | UnaryOpExpr
  | TupleConsExpr
  | ObjectConsExpr
  | ObjectConsKeyExpr
  | ForExpr
  | IndexExpr
  | SplatExpr
  | AnonSymbolExpr
  | ParenthesesExpr;

export interface Attribute {
  readonly kind: "attribute";
  readonly name: string;
  readonly expr: Expression;
  readonly nameRange: Range;
  readonly equalsRange: Range;
  readonly range: Range;
}

export interface Block {
  readonly kind: "block";
  readonly type: string;
  readonly labels: readonly string[];
  readonly body: Body;
  readonly typeRange: Range;
  readonly labelRanges: readonly Range[];
  readonly openBraceRange: Range;
  readonly closeBraceRange: Range;
}

/** A body: its attributes (unique names, in source order) and its blocks (in source order). */
export interface Body {
  readonly kind: "body";
  readonly attributes: readonly Attribute[];
  readonly blocks: readonly Block[];
  readonly range: Range;
  readonly endRange: Range;
}
