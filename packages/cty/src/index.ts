// @tofukit/cty: OpenTofu's value model: types, values, exact numbers, set order, cty JSON, console rendering.

export { consoleString, writeConsoleString } from "./console-string.js";
export { requireThisCopy } from "./copy.js";
export { CtyError, type CtyErrorCode, MAX_DEPTH } from "./errors.js";
export { friendlyName } from "./friendly-name.js";
export {
  type ClosureDiagnostic,
  type ClosureFunctionSpec,
  type ClosureResult,
  CtyFunction,
  type ExpressionClosure,
  FunctionError,
  type FunctionParameter,
  type FunctionSpec,
  type FunctionTable,
  functionNames,
  lookupFunction,
  typeConforms,
  type ValueFunctionSpec,
} from "./function.js";
export { knownLength } from "./known-length.js";
export { containsMarked, EPHEMERAL, marksDeep, SENSITIVE, unmarkDeep, withMarksOf } from "./marks.js";
export {
  CtyNumber,
  MAX_NUMBER_DIGITS,
  MAX_PLAIN_ZEROS,
  numberAdd,
  numberCompare,
  numberDiv,
  numberEquals,
  numberMod,
  numberMul,
  numberNeg,
  numberSub,
  parseNumber,
} from "./number.js";
export { setHashString } from "./set-order.js";
export { compareStrings, indexOfSortedKey } from "./string-order.js";
export {
  type AttributeTypes,
  type CollectionType,
  type DynamicType,
  isCollectionType,
  isPrimitiveType,
  type ListType,
  type MapType,
  type ObjectType,
  type PrimitiveType,
  type SetType,
  type TupleType,
  type Type,
  t,
  typeEquals,
  withoutOptionalAttributesDeep,
} from "./type.js";
export { type TypeJSON, typeFromJSON, typeToJSON } from "./type-json.js";
export {
  boolVal,
  dynamicVal,
  emptyObjectVal,
  emptyTupleVal,
  listVal,
  listValEmpty,
  listValNoCopy,
  listValPieces,
  mapVal,
  mapValEmpty,
  mapValSorted,
  markedVal,
  marksInUse,
  marksOf,
  nullVal,
  numberVal,
  objectVal,
  objectValSorted,
  setVal,
  setValEmpty,
  stringVal,
  tupleVal,
  tupleValNoCopy,
  tupleValPieces,
  unknownVal,
  unmarkedVal,
  Value,
  type ValueEntries,
} from "./value.js";
export { rawEquals, valueEquals } from "./value-equality.js";
export { type ValueFromJSONOptions, valueFromJSON, valueToJSON } from "./value-json.js";
