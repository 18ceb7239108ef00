// The `@tofukit/credentials/names` entry: the TF_TOKEN_ variable naming rules alone, with no Node
// built-in behind them, so a browser page can convert host names and variable names both ways.
export { CredentialsError, type CredentialsErrorCode } from "./credentials-error.js";
export { tokenVariableHost, tokenVariableName, tokenVariablePrefix } from "./token-variable.js";
