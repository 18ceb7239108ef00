// @tofukit/gostd: the Go standard library's texts that OpenTofu prints, written once for every
// tofukit package: strconv's quoting, encoding/json's errors and escaping, os error texts.

export { FileReadError, type FileReadErrorCode } from "./file-read-error.js";
export { basePath, cleanPath, dirPath, isAbsPath, joinPath, relPath } from "./go-path.js";
export { toGoString } from "./go-string.js";
export { goJsonHtmlEscape, goJsonString } from "./json-string.js";
export { GO_JSON_MAX_DEPTH, type GoJsonReader, goJsonSyntaxError } from "./json-syntax-error.js";
export { type GoJsonKind, goJsonUnmarshalTypeError } from "./json-type-error.js";
export { type GoErrno, goErrnoText, goPathError } from "./os-error.js";
export { goQuote, goQuoteRune } from "./quote.js";
