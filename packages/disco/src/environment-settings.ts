// OpenTofu's registry settings from the environment, read one way by discovery, the registry
// client and the CLI: a whole number of at least the minimum, else nothing (the default applies).

type Env = Readonly<Record<string, string | undefined>>;

function environmentInteger(text: string | undefined, minimum: number): number | undefined {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= minimum ? n : undefined;
}

/** `TF_REGISTRY_CLIENT_TIMEOUT` (whole seconds, at least 1) in milliseconds, or undefined. */
export function registryClientTimeout(env: Env): number | undefined {
  const seconds = environmentInteger(env.TF_REGISTRY_CLIENT_TIMEOUT, 1);
  return seconds === undefined ? undefined : seconds * 1000;
}

/** `TF_REGISTRY_DISCOVERY_RETRY` (retries after the first attempt, at least 0), or undefined. */
export function discoveryRetries(env: Env): number | undefined {
  return environmentInteger(env.TF_REGISTRY_DISCOVERY_RETRY, 0);
}
