// Provider version constraints as OpenTofu reads them: go-version's syntax check first, then
// apparentlymart/go-versions' Ruby-style reading (ParseRubyStyleMulti) and its set semantics
// (MeetingConstraints): `~> 1` is [1.0.0, 2.0.0), and a prerelease is selected only when an
// exact constraint names it. toString is getproviders.VersionConstraintsString.
import { goQuote } from "@tofukit/gostd";
import { type RawConstraint, scanConstraint } from "./constraint-scanner.js";
import { parseUint64, rangeError } from "./go-int.js";
import { goTrimSpace } from "./go-space.js";
import { parseModuleVersionConstraint } from "./module-version-constraint.js";
import {
  extraLessThan,
  identicalVersion,
  ProviderVersion,
  parseProviderVersion,
  sameVersion,
  versionGreaterThan,
  versionLessThan,
} from "./provider-version.js";
import { VersionError } from "./registry-error.js";

/** `~>` with three numbers is "patch only", with one or two "minor only". */
export type ProviderConstraintOperator = "=" | "!=" | ">" | ">=" | "<" | "<=" | "~>patch" | "~>minor";

/** One selection of a provider constraint, its boundary with unwritten numbers as zero. */
export interface ProviderConstraintSelection {
  readonly operator: ProviderConstraintOperator;
  readonly boundary: ProviderVersion;
}

interface Selection extends ProviderConstraintSelection {
  /** The boundary the set semantics compare with (metadata dropped except for = and !=). */
  readonly lower: ProviderVersion;
  readonly upper: ProviderVersion | undefined;
}

const NUM_NAMES = ["major", "minor", "patch"] as const;

type Parsed = { selection: ProviderConstraintSelection; remain: string } | { error: string; remain: string };

function selectionOf(
  operator: ProviderConstraintOperator,
  raw: RawConstraint,
): ProviderConstraintSelection | string {
  // With a prerelease or metadata, unwritten numbers are zero; without, ConstrainToZero makes
  // them zero too, and such a boundary has neither.
  const numbers: bigint[] = [];
  for (let i = 0; i < 3; i++) {
    const s = raw.nums[i]!;
    const n = parseUint64(s === "" ? "0" : s);
    if (n === "range") return rangeError("ParseUint", s);
    numbers.push(n);
  }
  return {
    operator,
    boundary: new ProviderVersion(numbers[0]!, numbers[1]!, numbers[2]!, raw.pre, raw.meta),
  };
}

// The set semantics compare with metadata only for = and !=; ~> has an exclusive upper bound.
function withBounds(s: ProviderConstraintSelection): Selection {
  const { operator, boundary } = s;
  const exact = operator === "=" || operator === "!=";
  const lower =
    exact || boundary.metadata === ""
      ? boundary
      : new ProviderVersion(boundary.major, boundary.minor, boundary.patch, boundary.prerelease);
  let upper: ProviderVersion | undefined;
  if (operator === "~>minor") upper = new ProviderVersion(lower.major + 1n, 0n, 0n);
  else if (operator === "~>patch") upper = new ProviderVersion(lower.major, lower.minor + 1n, 0n);
  return { operator, boundary, lower, upper };
}

function parseOne(str: string): Parsed {
  const [raw, remain] = scanConstraint(str);
  let operator: ProviderConstraintOperator;
  switch (raw.op) {
    case "":
    case "=":
      operator = "=";
      break;
    case "!=":
    case ">":
    case ">=":
    case "<":
    case "<=":
      operator = raw.op;
      break;
    case "~>":
      operator = raw.numCt === 3 ? "~>patch" : "~>minor";
      break;
    case "=<":
      return { error: `invalid constraint operator ${goQuote(raw.op)}; did you mean "<="?`, remain };
    case "=>":
      return { error: `invalid constraint operator ${goQuote(raw.op)}; did you mean ">="?`, remain };
    default:
      return { error: `invalid constraint operator ${goQuote(raw.op)}`, remain };
  }
  if (raw.sep !== "" && raw.sep !== " ") {
    if (raw.sep.includes("v"))
      return { error: 'a "v" prefix should not be used when specifying versions', remain };
    if (raw.op === "") return { error: "extraneous spaces at start of specification", remain };
    return { error: `only one space is expected after the operator ${goQuote(raw.op)}`, remain };
  }
  if (raw.sep === " " && raw.op === "")
    return { error: "extraneous spaces at start of specification", remain };
  if (raw.numCt > 3) {
    return { error: "too many numbered portions; only three are allowed (major, minor, patch)", remain };
  }
  for (let i = 0; i < 3; i++) {
    const s = raw.nums[i];
    if (s === "*" || s === "x" || s === "X") {
      return {
        error: `can't use wildcard for ${NUM_NAMES[i]} number; omit segments that should be unconstrained`,
        remain,
      };
    }
  }
  const selection = selectionOf(operator, raw);
  if (typeof selection === "string") return { error: selection, remain };
  return { selection, remain };
}

/** ParseRubyStyleMulti: "" means every version. Returns the selections or the reference's error. */
export function readRubyStyleMulti(str: string): ProviderConstraintSelection[] | string {
  const out: ProviderConstraintSelection[] = [];
  let remain = goTrimSpace(str);
  while (remain !== "") {
    const parsed = parseOne(remain);
    const consumed = remain.slice(0, remain.length - parsed.remain.length);
    if ("error" in parsed) return `invalid specification ${goQuote(consumed)}: ${parsed.error}`;
    remain = goTrimSpace(parsed.remain);
    if (remain !== "") {
      if (remain.startsWith("v")) return 'a "v" prefix should not be used when specifying versions';
      if (!remain.startsWith(",")) return `missing comma after ${goQuote(consumed)}`;
      remain = goTrimSpace(remain.slice(1));
    }
    out.push(parsed.selection);
  }
  return out;
}

function inSet(s: Selection, v: ProviderVersion): boolean {
  const b = s.lower;
  switch (s.operator) {
    case "=":
      return identicalVersion(v, b);
    case "!=":
      return !identicalVersion(v, b);
    case ">":
      return versionGreaterThan(v, b);
    case ">=":
      return versionGreaterThan(v, b) || sameVersion(v, b);
    case "<":
      return versionLessThan(v, b);
    case "<=":
      return versionLessThan(v, b) || sameVersion(v, b);
    case "~>minor":
    case "~>patch":
      return (versionGreaterThan(v, b) || sameVersion(v, b)) && versionLessThan(v, s.upper!);
  }
}

const OPERATOR_PRIORITY: Record<ProviderConstraintOperator, number> = {
  ">": 1,
  ">=": 2,
  "=": 3,
  "~>patch": 4,
  "~>minor": 5,
  "<=": 6,
  "<": 7,
  "!=": 8,
};

const OPERATOR_TEXT: Record<ProviderConstraintOperator, string> = {
  ">": "> ",
  ">=": ">= ",
  "=": "",
  "~>patch": "~> ",
  "~>minor": "~> ",
  "<=": "<= ",
  "<": "< ",
  "!=": "!= ",
};

function boundaryCompare(a: ProviderVersion, b: ProviderVersion): number {
  if (sameVersion(a, b)) {
    if (a.metadata === b.metadata) return 0;
    return extraLessThan(a.metadata, b.metadata) ? -1 : 1;
  }
  return versionLessThan(a, b) ? -1 : 1;
}

function selectionText(s: ProviderConstraintSelection): string {
  const b = s.boundary;
  const core = s.operator === "~>minor" ? `${b.major}.${b.minor}` : `${b.major}.${b.minor}.${b.patch}`;
  return (
    OPERATOR_TEXT[s.operator] +
    core +
    (b.prerelease === "" ? "" : `-${b.prerelease}`) +
    (b.metadata === "" ? "" : `+${b.metadata}`)
  );
}

/** A provider version constraint: the intersection of its selections. */
export class ProviderVersionConstraint {
  readonly engine = "provider";
  readonly selections: readonly ProviderConstraintSelection[];
  readonly #selections: readonly Selection[];
  readonly #text: string;

  /** The intersection of the selections; parseProviderVersionConstraint builds them from text. */
  constructor(selections: readonly ProviderConstraintSelection[]) {
    this.#selections = selections.map(withBounds);
    this.selections = Object.freeze(
      selections.map(({ operator, boundary }) => Object.freeze({ operator, boundary })),
    );
    this.#text = canonicalText(selections);
    Object.freeze(this);
  }

  /**
   * versions.MeetingConstraints: every selection holds, and a prerelease is allowed only when an
   * exact selection names it. A string is parsed first (VersionError).
   */
  allows(version: ProviderVersion | string): boolean {
    const v = typeof version === "string" ? parseProviderVersion(version) : version;
    for (const s of this.#selections) if (!inSet(s, v)) return false;
    if (v.prerelease === "") return true;
    return this.#selections.some((s) => s.operator === "=" && identicalVersion(s.lower, v));
  }

  /** The canonical form OpenTofu writes to lock files and messages (VersionConstraintsString). */
  toString(): string {
    return this.#text;
  }
}

function canonicalText(selections: readonly ProviderConstraintSelection[]): string {
  const unique = new Map<string, ProviderConstraintSelection>();
  for (const s of selections) unique.set(`${s.operator} ${s.boundary}`, s);
  const sorted = [...unique.values()].sort((a, b) => {
    const c = boundaryCompare(a.boundary, b.boundary);
    return c !== 0 ? c : OPERATOR_PRIORITY[a.operator] - OPERATOR_PRIORITY[b.operator];
  });
  return sorted.map(selectionText).join(", ");
}

/**
 * Parses a `required_providers` version constraint as OpenTofu does: go-version's syntax check
 * (its error's `detail` is OpenTofu's "This string does not use correct version constraint
 * syntax."), then go-versions' Ruby-style reading (`detail`: "Incorrect version constraint
 * syntax: …."). Throws VersionError.
 */
export function parseProviderVersionConstraint(s: string): ProviderVersionConstraint {
  parseModuleVersionConstraint(s);
  const got = readRubyStyleMulti(s);
  if (typeof got === "string") {
    throw new VersionError(
      "TOFUKIT_REGISTRY_MALFORMED_CONSTRAINT",
      got,
      s,
      `Incorrect version constraint syntax: ${got}.`,
    );
  }
  return new ProviderVersionConstraint(got);
}

/** go-versions' Ruby-style reading alone, as lock files are read: "" allows every version. */
export function parseProviderVersionConstraintRuby(s: string): ProviderVersionConstraint {
  const got = readRubyStyleMulti(s);
  if (typeof got === "string") throw new VersionError("TOFUKIT_REGISTRY_MALFORMED_CONSTRAINT", got, s);
  return new ProviderVersionConstraint(got);
}
