// The playground's address tab: a module or provider source address and a version constraint,
// read with @tofukit/registry's main entry (pure: it runs in the page) as OpenTofu reads them.
// An address gives its parts and its forms; a constraint its canonical text and, for each version
// to test, whether it allows it. A refused input gives the reference's error text.
import {
  parseModuleSource,
  parseModuleSourceRegistry,
  parseModuleVersionConstraint,
  parseProviderSourceString,
  parseProviderVersionConstraint,
  RegistryAddressError,
  VersionError,
} from "@tofukit/registry";

/** What the address is: a module call's `source` (with `version` set or not), or a provider's. */
export type AddressKind = "module" | "module-versioned" | "provider";
/** Which engine reads a constraint: a module call's `version` or `required_providers`. */
export type ConstraintEngine = "module" | "provider";

type Answer<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: string };

/** Rows of `name: value`, named as the API names them. */
type Rows = readonly (readonly [string, string])[];

/** An error of the registry package as OpenTofu words it; anything else is a bug and rethrown. */
function errorText(error: unknown): string {
  if (error instanceof RegistryAddressError) {
    return error.summary === undefined ? error.message : `${error.summary}: ${error.detail}`;
  }
  if (error instanceof VersionError) return error.message;
  throw error;
}

export function sourceAnswer(raw: string, kind: AddressKind): Answer<{ rows: Rows }> {
  try {
    if (kind === "provider") {
      const p = parseProviderSourceString(raw);
      return {
        ok: true,
        rows: [
          ["hostname", String(p.hostname)],
          ["namespace", p.namespace],
          ["type", p.type],
          ["toString()", p.toString()],
          ["forDisplay()", p.forDisplay()],
        ],
      };
    }
    const s = kind === "module-versioned" ? parseModuleSourceRegistry(raw) : parseModuleSource(raw);
    const parts: [string, string][] = [["kind", s.kind]];
    if (s.kind === "local") parts.push(["path", s.path]);
    else if (s.kind === "registry") {
      parts.push(
        ["host", String(s.host)],
        ["namespace", s.namespace],
        ["name", s.name],
        ["targetSystem", s.targetSystem],
        ["subdir", s.subdir],
      );
    } else parts.push(["getter", s.getter], ["url", s.url], ["subdir", s.subdir]);
    parts.push(["toString()", s.toString()], ["forDisplay()", s.forDisplay()]);
    if (s.kind === "registry") parts.push(["forRegistryProtocol()", s.forRegistryProtocol()]);
    return { ok: true, rows: parts };
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
}

/** A version tested against a constraint: allowed or not, or why it is not a version. */
interface VersionTest {
  readonly version: string;
  readonly allowed: boolean | undefined;
  readonly error?: string;
}

/** The versions to test, written separated by spaces or commas. */
export function versionList(text: string): string[] {
  return text.split(/[\s,]+/).filter((v) => v !== "");
}

export function constraintAnswer(
  raw: string,
  engine: ConstraintEngine,
  versions: readonly string[],
): Answer<{ canonical: string; tests: readonly VersionTest[] }> {
  let constraint: { allows(v: string): boolean; toString(): string };
  try {
    constraint =
      engine === "module" ? parseModuleVersionConstraint(raw) : parseProviderVersionConstraint(raw);
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
  const tests = versions.map((version): VersionTest => {
    try {
      return { version, allowed: constraint.allows(version) };
    } catch (error) {
      return { version, allowed: undefined, error: errorText(error) };
    }
  });
  return { ok: true, canonical: constraint.toString(), tests };
}
