// The collection functions: sequences, maps and objects, sets, coalesce, and the removed
// `list` and `map`.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";
import { coalesceFunction } from "./coalesce.js";
import { mappingFunctions } from "./mappings.js";
import { removedFunctions } from "./removed.js";
import { sequenceFunctions } from "./sequences.js";
import { setFunctions } from "./sets.js";

/** The collection functions by name. */
export function collectionFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    ...sequenceFunctions(),
    ...mappingFunctions(),
    ...setFunctions(),
    coalesce: coalesceFunction(),
    ...removedFunctions(),
  };
}
