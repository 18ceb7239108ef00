// The playground's state in the URL hash, so that any state can be shared as a link:
// `#type=…&value=…` for a constraint and a value, `#variables=…&tfvars=…` for a module, each part
// encodeURIComponent-encoded.

export type PlaygroundState =
  | { readonly mode: "value"; readonly type: string; readonly value: string }
  | { readonly mode: "module"; readonly variables: string; readonly tfvars: string };

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** The state a hash describes, or null when it describes none (a missing or malformed part). */
export function stateFromHash(hash: string): PlaygroundState | null {
  const params = new Map<string, string>();
  for (const pair of hash.replace(/^#/, "").split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const value = decode(pair.slice(eq + 1));
    if (value === undefined) return null;
    params.set(pair.slice(0, eq), value);
  }
  const type = params.get("type");
  const value = params.get("value");
  if (type !== undefined && value !== undefined) return { mode: "value", type, value };
  const variables = params.get("variables");
  const tfvars = params.get("tfvars");
  if (variables !== undefined && tfvars !== undefined) return { mode: "module", variables, tfvars };
  return null;
}

export function hashOfState(state: PlaygroundState): string {
  return state.mode === "value"
    ? `#type=${encodeURIComponent(state.type)}&value=${encodeURIComponent(state.value)}`
    : `#variables=${encodeURIComponent(state.variables)}&tfvars=${encodeURIComponent(state.tfvars)}`;
}
