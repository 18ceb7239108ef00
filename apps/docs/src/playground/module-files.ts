// The module mode's two editors, by the file names its diagnostics give them. Kept apart from
// module-mode.ts, which is loaded only when the module mode is first used.
export const VARIABLES_FILE = "variables.tf";
export const TFVARS_FILE = "terraform.tfvars";
