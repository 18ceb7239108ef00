// How a function table is put together from its groups, the same way for the whole library
// (`openTofuFunctions`) and for the groups loaded on demand (`loadFunctions`): the groups in
// OpenTofu's category order, templatestring, then every function again under its `core::` name.
// The order matters: an unknown function's "Did you mean" names the first close match.
import type { CtyFunction } from "@tofukit/cty";
import { type FunctionGroup, functionCategories } from "./function-groups.js";
import type { FunctionOptions } from "./options.js";
import { templateStringFunction } from "./string/template-string.js";

type FunctionRecord = Record<string, CtyFunction>;

/**
 * The functions of one group. `wholeTable` gives the table templatefile renders with: a table of
 * the same groups, made on first use.
 */
export type GroupFunctions = (options: FunctionOptions, wholeTable: () => FunctionRecord) => FunctionRecord;

/** The table of the groups in `groups` (a group left out has no functions in it). */
export function functionTable(
  groups: Partial<Readonly<Record<FunctionGroup, GroupFunctions>>>,
  options: FunctionOptions,
): FunctionRecord {
  let templateTable: FunctionRecord | undefined;
  const wholeTable = () => {
    templateTable ??= functionTable(groups, options);
    return templateTable;
  };
  const table: FunctionRecord = {};
  for (const category of functionCategories) {
    const parts = category.flatMap((g) => {
      const make = groups[g];
      return make === undefined ? [] : [make(options, wholeTable)];
    });
    // A category split into several groups lists its functions in name order, as it did whole.
    const merged: FunctionRecord = Object.assign({}, ...parts);
    const names = parts.length > 1 ? Object.keys(merged).sort() : Object.keys(merged);
    for (const name of names) table[name] = merged[name]!;
  }
  // templatestring renders with the whole table, as OpenTofu's does.
  table.templatestring = templateStringFunction(() => table);
  // OpenTofu also offers every built-in function under its `core::` name (`core::upper(…)`).
  for (const name of Object.keys(table)) table[`core::${name}`] = table[name]!;
  return table;
}
