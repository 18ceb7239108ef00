// What the validation rules need from their caller: how the functions that read files reach
// them, and where the module is (OpenTofu's `path.module`).
import type { FunctionTable } from "@tofukit/cty";
import type { FunctionOptions } from "@tofukit/functions";

export interface ValidationOptions {
  /**
   * Options for the function library the rules call (`openTofuFunctions`): `readFile` and
   * `listDirectory` for `file`, `fileexists`, `templatefile`, …, resolving against `baseDir`.
   * Without a reader those functions fail with a clear error. @tofukit/config/node supplies them.
   */
  readonly functions?: FunctionOptions;
  /**
   * The function table the rules call, instead of `openTofuFunctions(functions)`: to add
   * functions, or to load the library only when a module has rules (`checkVariablesWith`).
   */
  readonly functionTable?: FunctionTable;
  /** `path.module` and `path.root` (default "."). */
  readonly modulePath?: string;
  /** `path.root`, where it is not `path.module` (a called module's rules). */
  readonly rootPath?: string;
  /** `path.cwd` (default "."). */
  readonly cwd?: string;
}
