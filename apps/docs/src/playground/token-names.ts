// The hostname converter: a service hostname to its comparison and display forms and the
// TF_TOKEN_ variable that gives OpenTofu a token for it, or such a variable back to its host.
import {
  CredentialsError,
  tokenVariableHost,
  tokenVariableName,
  tokenVariablePrefix,
} from "@tofukit/credentials/names";
import { displayOf, forComparison, HostnameError } from "@tofukit/hostname";

type HostAnswer =
  | {
      readonly ok: true;
      readonly comparison: string;
      readonly display: string;
      readonly variable: string | null;
    }
  | { readonly ok: false; readonly error: string };

/** Reads `input` as a hostname, or as a `TF_TOKEN_` variable name when it starts with the prefix. */
export function hostAnswer(input: string): HostAnswer {
  const given = input.trim();
  if (given.startsWith(tokenVariablePrefix)) {
    const host = tokenVariableHost(given);
    if (host === null) return { ok: false, error: `${given} names no valid service hostname` };
    return { ok: true, comparison: host, display: displayOf(host), variable: given };
  }
  try {
    const host = forComparison(given);
    let variable: string | null;
    try {
      variable = tokenVariableName(host);
    } catch (error) {
      if (!(error instanceof CredentialsError)) throw error;
      variable = null;
    }
    return { ok: true, comparison: host, display: displayOf(host), variable };
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    return { ok: false, error: error.message };
  }
}
