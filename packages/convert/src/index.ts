// @tofukit/convert: OpenTofu's type conversion: convert, unify and optional-attribute defaults.

export { canConvert, convert } from "./convert.js";
export { convertWithDefaults } from "./convert-with-defaults.js";
export { applyDefaults, type Defaults } from "./defaults.js";
export { ConversionError, type ConversionErrorCode } from "./errors.js";
export { formatPath, type PathStep } from "./path.js";
export { unify } from "./unify.js";
