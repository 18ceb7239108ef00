// @tofukit/hcl: HCL native syntax: scanner, parser with source ranges, diagnostics, evaluation with variables and functions.
export type {
  AnonSymbolExpr,
  Attribute,
  BinaryOpExpr,
  BinaryOperator,
  Block,
  Body,
  ConditionalExpr,
  Expression,
  ForExpr,
  FunctionCallExpr,
  IndexExpr,
  Literal,
  LiteralExpr,
  ObjectConsExpr,
  ObjectConsItem,
  ObjectConsKeyExpr,
  ParenthesesExpr,
  RelativeTraversalExpr,
  ScopeTraversalExpr,
  SplatExpr,
  TemplateExpr,
  TemplateJoinExpr,
  TemplateWrapExpr,
  Traverser,
  TupleConsExpr,
  UnaryOpExpr,
  UnaryOperator,
} from "./ast.js";
export type { Diagnostic, DiagnosticExtra, Severity } from "./diagnostic.js";
export { diagnosticError, errorDiag, formatRange, hasErrors, sourceless, warningDiag } from "./diagnostic.js";
export type { DiagnosticExtraJSON, DiagnosticJSON, PosJSON, RangeJSON } from "./diagnostic-json.js";
export { diagnosticToJSON } from "./diagnostic-json.js";
export { limitDiagnostics, MAX_DIAGNOSTICS_PER_FILE } from "./diagnostic-limit.js";
export type { DiagnosticSources, FormatDiagnosticOptions } from "./diagnostic-text.js";
export { formatDiagnostic } from "./diagnostic-text.js";
export { DirectReader, GIVE_UP } from "./direct-reader.js";
export type { HCLErrorCode } from "./errors.js";
export { HCLError } from "./errors.js";
export type { EvalContext, Evaluation, VariableTable } from "./evaluate.js";
export { evaluate, evaluateConstant, evaluateExpression } from "./evaluate.js";
export type { FormatResult } from "./format.js";
export { format, formatFile } from "./format.js";
export { functionCalls } from "./function-calls.js";
export type { JSONValueOptions, JSONValueParse } from "./json.js";
export { jsonValue, parseJSONValue } from "./json.js";
export type {
  JSONAttribute,
  JSONBlock,
  JSONBodyContent,
  JSONBodySchema,
  JSONFileParse,
  JSONPartialContent,
} from "./json-body.js";
export { JSONBody, jsonExpression, jsonNodeValue, jsonStringExpression, parseJSONFile } from "./json-body.js";
export type { JSONNode, JSONNodeParse, JSONProperty } from "./json-node.js";
export { jsonNodeStartRange, parseJSONNode } from "./json-node.js";
export { nameSuggestion } from "./name-suggestion.js";
export type { ConfigParse, ExpressionParse } from "./parse.js";
export { parseConfig, parseExpression } from "./parse.js";
export { parseTemplate } from "./parse-template.js";
export type { Pos, Range } from "./pos.js";
export { plainRange, rangeAtEnd, rangeBetween } from "./pos.js";
export { SourceRange } from "./source-index.js";
export { startRange } from "./start-range.js";
export type { StaticCall, StaticPair } from "./static-analysis.js";
export { exprAsKeyword, exprAsTraversal, exprCall, exprList, exprMap } from "./static-analysis.js";
export { SyntaxNode } from "./syntax-node.js";
export type { LiteralAttribute, LiteralAttributes, LiteralFile } from "./tfvars-direct-reader.js";
export { forEachLiteralAttribute, readLiteralAttributes, readLiteralValue } from "./tfvars-direct-reader.js";
export { MAX_NESTING_DEPTH } from "./token-cursor.js";
export { variables } from "./variables.js";
