// Module version constraints as hashicorp/go-version reads and checks them (NewConstraint,
// Constraints.Check): comma-separated, `~> 1` meaning `>= 1.0.0` with no upper bound, a
// prerelease matched only by a constraint on the same numbers.
import {
  compareModuleVersions,
  type ModuleVersion,
  parseModuleVersion,
  readModuleVersion,
} from "./module-version.js";
import { VersionError } from "./registry-error.js";

export type ModuleConstraintOperator = "=" | "!=" | ">" | "<" | ">=" | "<=" | "~>";

/** One comma-separated piece of a module version constraint. */
export interface ModuleConstraintPiece {
  readonly operator: ModuleConstraintOperator;
  readonly version: ModuleVersion;
  /** The piece as written, spaces included. */
  readonly original: string;
}

// Longer operators first, as the reference's alternation tries them.
const OPERATORS = ["<=", ">=", "!=", "~>", "<", ">", "="] as const;
// Go's \s: no vertical tab, nothing outside ASCII.
const isSpace = (ch: string | undefined): boolean =>
  ch === " " || ch === "\t" || ch === "\n" || ch === "\f" || ch === "\r";

const OPENTOFU_DETAIL = "This string does not use correct version constraint syntax.";

function parsePiece(piece: string, whole: string): ModuleConstraintPiece {
  const malformed = (): never => {
    throw new VersionError(
      "TOFUKIT_REGISTRY_MALFORMED_CONSTRAINT",
      `malformed constraint: ${piece}`,
      whole,
      OPENTOFU_DETAIL,
    );
  };
  let i = 0;
  while (isSpace(piece[i])) i++;
  let operator: ModuleConstraintOperator = "=";
  for (const op of OPERATORS) {
    if (piece.startsWith(op, i)) {
      operator = op;
      i += op.length;
      break;
    }
  }
  while (isSpace(piece[i])) i++;
  const start = i;
  while (i < piece.length && !isSpace(piece[i])) i++;
  const text = piece.slice(start, i);
  while (isSpace(piece[i])) i++;
  if (i !== piece.length || text === "") malformed();
  const version = readModuleVersion(text);
  if (typeof version === "string") {
    if (version.startsWith("malformed")) malformed();
    throw new VersionError(
      "TOFUKIT_REGISTRY_MALFORMED_CONSTRAINT",
      version as string,
      whole,
      OPENTOFU_DETAIL,
    );
  }
  return { operator, version: version as ModuleVersion, original: piece };
}

// A prerelease constraint matches prereleases of the same numbers only; a release constraint
// never matches a prerelease.
function prereleaseCheck(v: ModuleVersion, c: ModuleVersion): boolean {
  if (v.prerelease === "") return true;
  if (c.prerelease === "") return false;
  return v.segments.length === c.segments.length && v.segments.every((s, i) => s === c.segments[i]);
}

function pessimistic(v: ModuleVersion, c: ModuleVersion): boolean {
  if (!prereleaseCheck(v, c) || (c.prerelease !== "" && v.prerelease === "")) return false;
  if (compareModuleVersions(v, c) < 0) return false;
  const n = c.segments.length;
  if (n > v.segments.length) return false;
  for (let i = 0; i < c.writtenSegments - 1; i++) if (v.segments[i] !== c.segments[i]) return false;
  return c.segments[n - 1]! <= v.segments[n - 1]!;
}

function checkPiece(p: ModuleConstraintPiece, v: ModuleVersion): boolean {
  const c = p.version;
  switch (p.operator) {
    case "=":
      return compareModuleVersions(v, c) === 0;
    case "!=":
      return compareModuleVersions(v, c) !== 0;
    case ">":
      return prereleaseCheck(v, c) && compareModuleVersions(v, c) === 1;
    case "<":
      return prereleaseCheck(v, c) && compareModuleVersions(v, c) === -1;
    case ">=":
      return prereleaseCheck(v, c) && compareModuleVersions(v, c) >= 0;
    case "<=":
      return prereleaseCheck(v, c) && compareModuleVersions(v, c) <= 0;
    case "~>":
      return pessimistic(v, c);
  }
}

/** A module version constraint (go-version `Constraints`). */
export class ModuleVersionConstraint {
  readonly engine = "module";
  readonly pieces: readonly ModuleConstraintPiece[];

  constructor(pieces: readonly ModuleConstraintPiece[]) {
    this.pieces = pieces;
    Object.freeze(this);
  }

  /** go-version's Check: every piece allows the version. A string is parsed first (VersionError). */
  allows(version: ModuleVersion | string): boolean {
    const v = typeof version === "string" ? parseModuleVersion(version) : version;
    for (const p of this.pieces) if (!checkPiece(p, v)) return false;
    return true;
  }

  /** go-version's String(): the pieces as written, joined by ","; what OpenTofu prints and re-parses. */
  toString(): string {
    return this.pieces.map((p) => p.original).join(",");
  }
}

/**
 * Parses a module call's `version` as OpenTofu does (go-version NewConstraint). Throws
 * VersionError with go-version's text; `detail` holds OpenTofu's diagnostic detail.
 */
export function parseModuleVersionConstraint(s: string): ModuleVersionConstraint {
  return new ModuleVersionConstraint(s.split(",").map((piece) => parsePiece(piece, s)));
}
