// The playground's second mode, a module's variables.tf and terraform.tfvars, is checked with
// @tofukit/config; until that package exists the mode is not offered.
import type { ValueCheck } from "./check-value.js";

export interface ModuleChecker {
  readonly files: readonly [string, string];
  readonly check: (variables: string, tfvars: string) => ValueCheck;
}

export const moduleChecker: ModuleChecker | null = null;
