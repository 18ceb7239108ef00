// Choosing a version from a registry's list, as `tofu init` does: for modules the newest version
// installRegistryModule accepts (invalid strings ignored, a prerelease only when the constraint
// names exactly it), for providers the newest version MeetingConstraints allows.
import { scanConstraint } from "./constraint-scanner.js";
import { goTrimSpace } from "./go-space.js";
import { compareModuleVersions, type ModuleVersion, readModuleVersion } from "./module-version.js";
import type { ModuleVersionConstraint } from "./module-version-constraint.js";
import {
  identicalVersion,
  type ProviderVersion,
  readProviderVersion,
  versionLessThan,
} from "./provider-version.js";
import type { ProviderVersionConstraint } from "./provider-version-constraint.js";

/**
 * The exact version a module constraint requests in go-versions' npm-style syntax, which
 * installRegistryModule consults for prereleases: one selection, "=" or none, "v" prefixes
 * stripped. Anything else (a comma, a range, an operator) requests no prerelease.
 */
function requestedExactly(constraint: ModuleVersionConstraint): ProviderVersion | null {
  if (constraint.pieces.length !== 1) return null;
  let text = goTrimSpace(constraint.toString());
  if (text.startsWith("=")) text = text.slice(1);
  if (text.startsWith("v")) text = text.slice(1);
  const [raw, remain] = scanConstraint(text);
  if (remain !== "" || raw.op !== "" || raw.sep !== "" || raw.numCt === 0 || raw.numCt > 3) return null;
  const exact = readProviderVersion(text);
  return typeof exact === "string" ? null : exact;
}

function newestModule(versions: readonly string[], constraint: ModuleVersionConstraint): string | null {
  let best: ModuleVersion | null = null;
  let bestText: string | null = null;
  let requested: ProviderVersion | null | undefined;
  for (const text of versions) {
    const v = readModuleVersion(text);
    if (typeof v === "string") continue;
    if (v.prerelease !== "") {
      requested ??= requestedExactly(constraint);
      const asProvider = readProviderVersion(v.toString());
      if (requested === null || typeof asProvider === "string" || !identicalVersion(requested, asProvider))
        continue;
    }
    if (constraint.allows(v) && (best === null || compareModuleVersions(v, best) > 0)) {
      best = v;
      bestText = text;
    }
  }
  return bestText;
}

function newestProvider(versions: readonly string[], constraint: ProviderVersionConstraint): string | null {
  let best: ProviderVersion | null = null;
  let bestText: string | null = null;
  for (const text of versions) {
    const v = readProviderVersion(text);
    if (typeof v === "string" || !constraint.allows(v)) continue;
    if (best === null || versionLessThan(best, v)) {
      best = v;
      bestText = text;
    }
  }
  return bestText;
}

/**
 * The newest of `versions` (as a registry lists them) that the constraint allows, by its own
 * engine's rules, or null. Strings the engine cannot read are skipped, as OpenTofu skips them.
 */
export function newestAllowed(
  versions: readonly string[],
  constraint: ModuleVersionConstraint | ProviderVersionConstraint,
): string | null {
  return constraint.engine === "module"
    ? newestModule(versions, constraint)
    : newestProvider(versions, constraint);
}
