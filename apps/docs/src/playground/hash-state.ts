// The playground's state in the URL hash, so that any state can be shared as a link:
// `#type=…&value=…` for a constraint and a value, `#variables=…&tfvars=…` for a module,
// `#source=…&kind=…&constraint=…&engine=…&versions=…` for the address tab, each part
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

/** The hash's parts by name, or null when one is malformed. */
function hashParams(hash: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const pair of hash.replace(/^#/, "").split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const value = decode(pair.slice(eq + 1));
    if (value === undefined) return null;
    params.set(pair.slice(0, eq), value);
  }
  return params;
}

/** The state a hash describes, or null when it describes none (a missing or malformed part). */
export function stateFromHash(hash: string): PlaygroundState | null {
  const params = hashParams(hash);
  if (params === null) return null;
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

/** The address tab's inputs: `#source=…&kind=…&constraint=…&engine=…&versions=…`. */
export interface AddressState {
  readonly source: string;
  readonly kind: "module" | "module-versioned" | "provider";
  readonly constraint: string;
  readonly engine: "module" | "provider";
  readonly versions: string;
}

const ADDRESS_KINDS = ["module", "module-versioned", "provider"] as const;
const ENGINES = ["provider", "module"] as const;

/** The address tab's state a hash describes (it has `source`), or null. */
export function addressFromHash(hash: string): AddressState | null {
  const params = hashParams(hash);
  const source = params?.get("source");
  if (params === null || source === undefined) return null;
  const kind = params.get("kind");
  const engine = params.get("engine");
  return {
    source,
    kind: ADDRESS_KINDS.find((k) => k === kind) ?? "module",
    constraint: params.get("constraint") ?? "",
    engine: ENGINES.find((e) => e === engine) ?? "provider",
    versions: params.get("versions") ?? "",
  };
}

export function hashOfAddress(state: AddressState): string {
  return `#${(["source", "kind", "constraint", "engine", "versions"] as const)
    .map((k) => `${k}=${encodeURIComponent(state[k])}`)
    .join("&")}`;
}
