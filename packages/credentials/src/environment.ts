// The forms an environment can be given in, read in environment order (which decides TF_TOKEN_* ties).

/**
 * An environment: a record (`process.env`, in its insertion order), entries `[name, value]`, or
 * `NAME=value` strings as `os.Environ()` lists them. `undefined` values are skipped.
 */
export type Environment =
  | Readonly<Record<string, string | undefined>>
  | Iterable<readonly [string, string | undefined]>
  | Iterable<string>;

/** The environment's variables in order; `NAME=value` strings split at the first `=`, others skipped. */
export function* environmentEntries(env: Environment): Generator<readonly [string, string]> {
  if (isIterable(env)) {
    for (const entry of env) {
      if (typeof entry === "string") {
        const eq = entry.indexOf("=");
        if (eq >= 0) yield [entry.slice(0, eq), entry.slice(eq + 1)];
        continue;
      }
      // Anything but a `[name, value]` pair is skipped, as a non-string value is.
      if (!Array.isArray(entry)) continue;
      const [name, value] = entry as readonly unknown[];
      if (typeof name === "string" && typeof value === "string") yield [name, value];
    }
    return;
  }
  if (!isRecord(env)) return;
  for (const [name, value] of Object.entries(env)) {
    if (typeof value === "string") yield [name, value];
  }
}

/**
 * Calls `visit` for each variable whose name starts with `prefix`, in environment order. Faster than
 * {@link environmentEntries} for records, which are the common case (`process.env`).
 */
export function forEachVariableWithPrefix(
  env: Environment,
  prefix: string,
  visit: (name: string, value: string) => void,
): void {
  if (isIterable(env)) {
    for (const [name, value] of environmentEntries(env)) if (name.startsWith(prefix)) visit(name, value);
    return;
  }
  if (!isRecord(env)) return;
  const record = env as Readonly<Record<string, string | undefined>>;
  for (const name of Object.keys(record)) {
    if (!name.startsWith(prefix)) continue;
    const value = record[name];
    if (typeof value === "string") visit(name, value);
  }
}

/** The last value of a variable in environment order, or `undefined`. */
export function environmentValue(env: Environment, name: string): string | undefined {
  if (!isIterable(env)) {
    if (!isRecord(env)) return undefined;
    const value = (env as Readonly<Record<string, string | undefined>>)[name];
    return Object.hasOwn(env, name) && typeof value === "string" ? value : undefined;
  }
  let found: string | undefined;
  for (const [key, value] of environmentEntries(env)) if (key === name) found = value;
  return found;
}

// An environment given from JavaScript may be anything: null, a number or a string has no
// variables, rather than making a lookup throw a TypeError.
function isRecord(env: unknown): boolean {
  return (typeof env === "object" || typeof env === "function") && env !== null;
}

function isIterable(
  env: Environment,
): env is Iterable<readonly [string, string | undefined]> | Iterable<string> {
  return isRecord(env) && typeof (env as Partial<Iterable<unknown>>)[Symbol.iterator] === "function";
}
