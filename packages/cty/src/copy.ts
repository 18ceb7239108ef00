// Which copy of @tofukit/cty this is. Values and types keep their state in private class fields,
// which only the copy that made them can read, so a value or type of another copy (two versions
// installed side by side, or one package bundled twice) cannot work here. Every value and type
// carries the copy that made it under a Symbol.for brand, shared by all copies, so that such a
// mix-up is reported as what it is instead of as a TypeError deep inside.

import { CtyError } from "./errors.js";
import { VERSION } from "./version.js";

/** A loaded copy of @tofukit/cty: its version and the module it was loaded from. */
interface CtyCopy {
  readonly version: string;
  readonly url: string;
}

/** The brand every copy puts on the prototypes of its values and types. */
export const COPY_BRAND: unique symbol = Symbol.for("tofukit.cty.copy") as never;

export const thisCopy: CtyCopy = Object.freeze({
  version: VERSION,
  // import.meta.url is typed by the host's types (Node or DOM); this package assumes neither.
  url: (import.meta as { url?: string }).url ?? "(unknown location)",
});

/** The other copy that made candidate, or undefined when it is not a value or type of another copy. */
export function otherCopyOf(candidate: unknown): CtyCopy | undefined {
  if (typeof candidate !== "object" || candidate === null) return undefined;
  const copy = (candidate as { [COPY_BRAND]?: CtyCopy })[COPY_BRAND];
  return copy !== undefined && copy !== thisCopy ? copy : undefined;
}

/** The error for a value or type that another copy of @tofukit/cty made. */
export function otherCopyError(what: "value" | "type", other: CtyCopy): CtyError {
  return new CtyError(
    "TOFUKIT_CTY_OTHER_COPY",
    `a cty ${what} of another copy of @tofukit/cty (${other.version} from ${other.url}) was given to ` +
      `@tofukit/cty ${thisCopy.version} from ${thisCopy.url}; values and types of one copy do not work ` +
      "with another: install a single @tofukit/cty (see npm ls @tofukit/cty, npm dedupe)",
  );
}

/**
 * Throws CtyError TOFUKIT_CTY_OTHER_COPY when candidate is a value or type of another copy of
 * @tofukit/cty. Packages that take values and types from their callers (convert, typeexpr, …)
 * call it at their entry points.
 */
export function requireThisCopy(candidate: unknown, what: "value" | "type"): void {
  const other = otherCopyOf(candidate);
  if (other !== undefined) throw otherCopyError(what, other);
}
