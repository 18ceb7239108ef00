// What the validation rules need from their caller: how the functions that read files reach
// them, and where the module is (OpenTofu's `path.module`).
import type { FunctionOptions } from "@tofukit/functions";

export interface ValidationOptions {
  /**
   * Options for the function library the rules call (`openTofuFunctions`): `readFile` and
   * `listDirectory` for `file`, `fileexists`, `templatefile`, …, resolving against `baseDir`.
   * Without a reader those functions fail with a clear error. @tofukit/config/node supplies them.
   */
  readonly functions?: FunctionOptions;
  /** `path.module` and `path.root` (default "."). */
  readonly modulePath?: string;
  /** `path.cwd` (default "."). */
  readonly cwd?: string;
}
