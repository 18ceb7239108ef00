// The TF_TOKEN_<host> variable names, both ways, exactly as OpenTofu's collectCredentialsFromEnv maps them.
import { forComparison, forDisplay, type Hostname } from "@tofukit/hostname";
import { CredentialsError } from "./credentials-error.js";

/** The case-sensitive prefix; `tf_token_x` is not considered, even on Windows. */
export const tokenVariablePrefix = "TF_TOKEN_";

/**
 * The host a `TF_TOKEN_*` variable name addresses, or `null` when the name is not one or names no
 * valid host. As OpenTofu: `__` becomes `-` (left to right), every other `_` becomes `.`, then the
 * lenient, transitional display form is normalized again. So `TF_TOKEN_APP_TERRAFORM_IO` and
 * `TF_TOKEN_xn--caf-dma_fr` work, `TF_TOKEN_example__com` means `example-com`, and `TF_TOKEN_faß_de`
 * means `fass.de`, not `faß.de` (use `TF_TOKEN_xn--fa-hia_de` for that one).
 */
export function tokenVariableHost(name: string): Hostname | null {
  if (!name.startsWith(tokenVariablePrefix)) return null;
  const raw = name.slice(tokenVariablePrefix.length).replaceAll("__", "-").replaceAll("_", ".");
  try {
    return forComparison(forDisplay(raw));
  } catch {
    return null;
  }
}

/**
 * The variable a user should set to give a token for `host`: the punycode form with `-` spelled `__`
 * and `.` spelled `_` (`TF_TOKEN_xn____caf__dma_fr` for `café.fr`), which every shell accepts and which
 * maps back to exactly this host. A port keeps its colon (`TF_TOKEN_localhost:8443`): there is no
 * other spelling, so such a variable can only be set with `env` or a container runtime. Throws
 * `TOFUKIT_CREDENTIALS_NO_VARIABLE_NAME` for hosts no variable can address (the empty hostname).
 */
export function tokenVariableName(host: Hostname): string {
  const name = tokenVariablePrefix + host.replaceAll("-", "__").replaceAll(".", "_");
  if (tokenVariableHost(name) !== host) {
    throw new CredentialsError(
      "TOFUKIT_CREDENTIALS_NO_VARIABLE_NAME",
      `No TF_TOKEN_ environment variable can give credentials for the host "${host}"; use a credentials block in the CLI configuration instead.`,
      { host },
    );
  }
  return name;
}
