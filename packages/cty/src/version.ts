// Generated from package.json by scripts/write-version.mjs. Do not edit.
export const VERSION = "0.0.0";
