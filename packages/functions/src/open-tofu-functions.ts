// The whole table of OpenTofu's built-in functions, assembled from its categories.
import type { CtyFunction } from "@tofukit/cty";
import { collectionFunctions } from "./collection/index.js";
import { conversionFunctions } from "./conversion/index.js";
import { cryptoFunctions } from "./crypto/index.js";
import { datetimeFunctions } from "./datetime/index.js";
import { encodingFunctions } from "./encoding/index.js";
import { filesystemFunctions } from "./filesystem/index.js";
import { networkFunctions } from "./network/index.js";
import { numericFunctions } from "./numeric/index.js";
import type { FunctionOptions } from "./options.js";
import { sensitivityFunctions } from "./sensitivity/index.js";
import { stringFunctions } from "./string/index.js";
import { templateStringFunction } from "./string/template-string.js";
import { tryFunctions } from "./try/index.js";

/**
 * OpenTofu's built-in functions as a plain object of functions by name, ready for
 * `evaluate(expr, { functions })`, each also under its `core::` name as in OpenTofu. Pick, rename or add entries (`provider::…` names) freely:
 * the object is the caller's.
 */
export function openTofuFunctions(options: FunctionOptions = {}): Record<string, CtyFunction> {
  const table: Record<string, CtyFunction> = {
    ...numericFunctions(options),
    ...stringFunctions(options),
    ...collectionFunctions(options),
    ...encodingFunctions(options),
    ...filesystemFunctions(options),
    ...datetimeFunctions(options),
    ...cryptoFunctions(options),
    ...networkFunctions(options),
    ...conversionFunctions(options),
    ...sensitivityFunctions(options),
    ...tryFunctions(options),
  };
  // templatestring renders with the whole table, as OpenTofu's does.
  table.templatestring = templateStringFunction(() => table);
  // OpenTofu also offers every built-in function under its `core::` name (`core::upper(…)`).
  for (const name of Object.keys(table)) table[`core::${name}`] = table[name]!;
  return table;
}
