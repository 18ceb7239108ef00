// @tofukit/gostd/node: reading user-named files for tofukit's Node entries, bounded and with Go's
// error texts.

export { DEFAULT_MAX_FILE_SIZE, readFileWithin, readFileWithinAsync, utf8Text } from "./node-bounded-file.js";
