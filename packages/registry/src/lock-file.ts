// Reading `.terraform.lock.hcl` as OpenTofu does (depsfile.decodeLocksFromHCL): provider blocks
// keyed by their normalized address, each with a normalized version, optional normalized
// constraints and hashes; every problem a diagnostic of hcl's shape, none thrown.
import type { Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Attribute,
  type Block,
  type Body,
  type Diagnostic,
  type Expression,
  errorDiag,
  evaluateExpression,
  exprList,
  formatRange,
  nameSuggestion,
  parseConfig,
  type Range,
  warningDiag,
} from "@tofukit/hcl";
import { parseProviderHash } from "./provider-hash.js";
import { type Provider, parseProviderSourceString } from "./provider-source.js";
import { type ProviderVersion, readProviderVersion } from "./provider-version.js";
import { ProviderVersionConstraint, readRubyStyleMulti } from "./provider-version-constraint.js";
import { HashError, RegistryAddressError } from "./registry-error.js";

/** One provider's lock: the selected version, the constraints it was chosen by, its hashes. */
export interface ProviderLock {
  readonly provider: Provider;
  readonly version: ProviderVersion;
  /** The recorded constraints; allows every version when the file has none. */
  readonly constraints: ProviderVersionConstraint;
  /** `scheme:value` strings as recorded. */
  readonly hashes: readonly string[];
}

export interface LockFile {
  /** The locks by `provider.toString()`, in file order. */
  readonly providers: ReadonlyMap<string, ProviderLock>;
  readonly diagnostics: readonly Diagnostic[];
}

const error = (summary: string, detail: string, subject: Range, context?: Range): Diagnostic =>
  context === undefined ? errorDiag(summary, detail, subject) : errorDiag(summary, detail, subject, context);

const exprRange = (e: Expression): Range => (e as { range: Range }).range;

// hcl's Body.Content checks for a body that may hold only the given attributes and blocks.
function unexpected(
  body: Body,
  attributes: readonly string[],
  blocks: readonly string[],
  diags: Diagnostic[],
): void {
  for (const attr of body.attributes) {
    if (attributes.includes(attr.name)) continue;
    let detail = `An argument named ${goQuote(attr.name)} is not expected here.`;
    if (blocks.includes(attr.name))
      detail += ` Did you mean to define a block of type ${goQuote(attr.name)}?`;
    else {
      const suggestion = nameSuggestion(attr.name, attributes);
      if (suggestion !== "") detail += ` Did you mean ${goQuote(suggestion)}?`;
    }
    diags.push(error("Unsupported argument", detail, attr.nameRange));
  }
  for (const block of body.blocks) {
    if (blocks.includes(block.type)) continue;
    let detail = `Blocks of type ${goQuote(block.type)} are not expected here.`;
    const suggestion = nameSuggestion(block.type, blocks);
    if (suggestion !== "") detail += ` Did you mean ${goQuote(suggestion)}?`;
    diags.push(error("Unsupported block type", detail, block.typeRange));
  }
}

function blockRange(block: Block): Range {
  return { filename: block.typeRange.filename, start: block.typeRange.start, end: block.closeBraceRange.end };
}

function defRange(block: Block): Range {
  const last = block.labelRanges[block.labelRanges.length - 1] ?? block.typeRange;
  return { filename: block.typeRange.filename, start: block.typeRange.start, end: last.end };
}

// One label (source_addr or path), as the block header schema demands.
function labelsOk(block: Block, labelName: string, diags: Diagnostic[]): boolean {
  if (block.labels.length === 0) {
    diags.push(
      error(
        `Missing ${labelName} for ${block.type}`,
        `All ${block.type} blocks must have 1 labels (${labelName}).`,
        block.openBraceRange,
        blockRange(block),
      ),
    );
    return false;
  }
  if (block.labels.length > 1) {
    diags.push(
      error(
        `Extraneous label for ${block.type}`,
        `Only 1 labels (${labelName}) are expected for ${block.type} blocks.`,
        block.labelRanges[1]!,
        blockRange(block),
      ),
    );
    return false;
  }
  return true;
}

/** gohcl.DecodeExpression into a string: null is null, numbers and bools become strings. */
function decodeString(expr: Expression, diags: Diagnostic[]): string | null | undefined {
  const { value, diagnostics } = evaluateExpression(expr);
  diags.push(...diagnostics);
  if (diagnostics.some((d) => d.severity === "error")) return undefined;
  return stringOf(value, expr, diags);
}

function stringOf(value: Value, expr: Expression, diags: Diagnostic[]): string | null | undefined {
  if (value.isNull) return null;
  if (!value.isKnown) return undefined;
  switch (value.type.kind) {
    case "string":
      return value.asString();
    case "number":
      return value.asNumber().toString();
    case "bool":
      return value.asBool() ? "true" : "false";
    default:
      diags.push(
        error("Unsuitable value type", "Unsuitable value: string required", exprRange(expr), exprRange(expr)),
      );
      return undefined;
  }
}

function lockAddress(raw: string): Provider | null {
  try {
    return parseProviderSourceString(raw);
  } catch (e) {
    if (e instanceof RegistryAddressError) return null;
    throw e;
  }
}

function decodeProvider(block: Block, diags: Diagnostic[]): ProviderLock | null {
  const raw = block.labels[0]!;
  const labelRange = block.labelRanges[0]!;
  const addr = lockAddress(raw);
  if (addr === null) {
    diags.push(
      error(
        "Invalid provider source address",
        'The provider source address for a provider lock must be a valid, fully-qualified address of the form "hostname/namespace/type".',
        labelRange,
      ),
    );
    return null;
  }
  if (addr.isBuiltIn()) {
    diags.push(
      error(
        "Invalid provider source address",
        `Cannot lock a version for built-in provider ${addr}. Built-in providers are bundled inside OpenTofu itself, so you can't select a version for them independently of the OpenTofu release you are currently running.`,
        labelRange,
      ),
    );
    return null;
  }
  if (addr.isLegacy()) {
    diags.push(
      error(
        "Invalid provider source address",
        `Provider source address ${addr} is a special provider that is not eligible for dependency locking.`,
        labelRange,
      ),
    );
    return null;
  }
  if (addr.toString() !== raw) {
    diags.push(
      error(
        "Non-normalized provider source address",
        `The provider source address for this provider lock must be written as ${goQuote(addr.toString())}, the fully-qualified and normalized form.`,
        labelRange,
      ),
    );
    return null;
  }

  const body = block.body;
  unexpected(body, ["version", "constraints", "hashes"], [], diags);
  const attr = (name: string): Attribute | undefined => body.attributes.find((a) => a.name === name);
  const missingItem: Range = {
    filename: body.range.filename,
    start: body.range.start,
    end: body.range.start,
  };

  let version = UNSPECIFIED;
  const versionAttr = attr("version");
  if (versionAttr === undefined) {
    diags.push(
      error(
        "Missing required argument",
        'The argument "version" is required, but no definition was found.',
        missingItem,
      ),
    );
  } else {
    const raw = decodeString(versionAttr.expr, diags);
    const range = exprRange(versionAttr.expr);
    if (raw === null) {
      diags.push(
        error("Missing required argument", 'A provider lock block must contain a "version" argument.', range),
      );
    } else if (raw !== undefined) {
      const parsed = readProviderVersion(raw);
      if (typeof parsed === "string") {
        diags.push(
          error(
            "Invalid provider version number",
            `The selected version number for provider ${addr} is invalid: ${parsed}.`,
            range,
          ),
        );
      } else {
        version = parsed;
      }
      // The reference compares even after a failed parse, with the zero version: a second error.
      if (version.toString() !== raw) {
        diags.push(
          error(
            "Invalid provider version number",
            `The selected version number for provider ${addr} must be written in normalized form: ${goQuote(version.toString())}.`,
            range,
          ),
        );
      }
    }
  }

  let constraints = ALL_VERSIONS;
  const constraintsAttr = attr("constraints");
  if (constraintsAttr !== undefined) {
    const raw = decodeString(constraintsAttr.expr, diags);
    const range = exprRange(constraintsAttr.expr);
    if (raw === null) {
      diags.push(error("Unsuitable value type", "Unsuitable value: value must not be null", range, range));
    } else if (raw !== undefined) {
      const parsed = readRubyStyleMulti(raw);
      if (typeof parsed === "string") {
        diags.push(
          error(
            "Invalid provider version constraints",
            `The recorded version constraints for provider ${addr} are invalid: ${parsed}.`,
            range,
          ),
        );
      } else {
        constraints = new ProviderVersionConstraint(parsed);
      }
      if (constraints.toString() !== raw) {
        diags.push(
          error(
            "Invalid provider version constraints",
            `The recorded version constraints for provider ${addr} must be written in normalized form: ${goQuote(constraints.toString())}.`,
            range,
          ),
        );
      }
    }
  }

  const hashes: string[] = [];
  const hashesAttr = attr("hashes");
  if (hashesAttr !== undefined) {
    const range = exprRange(hashesAttr.expr);
    const items = exprList(hashesAttr.expr);
    if (items === null) {
      diags.push(error("Invalid expression", "A static list expression is required.", range));
    } else if (items.length === 0) {
      diags.push(
        error(
          "Invalid provider hash set",
          'The "hashes" argument must either be omitted or contain at least one hash value.',
          range,
        ),
      );
    } else {
      for (const item of items) {
        const raw = decodeString(item, diags);
        if (raw === undefined) continue;
        if (raw === null) {
          diags.push(
            error(
              "Unsuitable value type",
              "Unsuitable value: value must not be null",
              exprRange(item),
              exprRange(item),
            ),
          );
          continue;
        }
        try {
          parseProviderHash(raw);
          hashes.push(raw);
        } catch (e) {
          if (!(e instanceof HashError)) throw e;
          diags.push(
            error(
              "Invalid provider hash string",
              `Cannot interpret ${goQuote(raw)} as a provider hash: ${e.message}.`,
              range,
            ),
          );
        }
      }
    }
  }
  return { provider: addr, version, constraints, hashes };
}

const UNSPECIFIED: ProviderVersion = readProviderVersion("0.0.0") as ProviderVersion;
const ALL_VERSIONS = new ProviderVersionConstraint([]);

/**
 * Reads a dependency lock file. Never throws for a problem in the text: the locks that could be
 * read come back with every diagnostic (errors and the module-lock warning), in file order.
 * `openTofuVersion` fills the warning about module locks, as OpenTofu names its own version.
 */
export function parseLockFile(
  text: string,
  filename = ".terraform.lock.hcl",
  openTofuVersion = "1.12.0",
): LockFile {
  const parsed = parseConfig(text, filename);
  const diags: Diagnostic[] = [...parsed.diagnostics];
  const providers = new Map<string, ProviderLock>();
  const seen = new Map<string, Range>();
  unexpected(parsed.body, [], ["provider", "module"], diags);
  let seenModule = false;
  for (const block of parsed.body.blocks) {
    if (block.type === "provider") {
      if (!labelsOk(block, "source_addr", diags)) continue;
      const lock = decodeProvider(block, diags);
      if (lock === null) continue;
      const key = lock.provider.toString();
      const previous = seen.get(key);
      if (previous !== undefined) {
        diags.push(
          error(
            "Duplicate provider lock",
            `This lockfile already declared a lock for provider ${key} at ${formatRange(previous)}.`,
            block.typeRange,
          ),
        );
        continue;
      }
      providers.set(key, lock);
      seen.set(key, defRange(block));
    } else if (block.type === "module") {
      if (!labelsOk(block, "path", diags) || seenModule) continue;
      seenModule = true;
      diags.push(
        warningDiag(
          "Dependency locks for modules are not yet supported",
          `OpenTofu v${openTofuVersion} only supports dependency locks for providers, not for modules. This configuration may be intended for a later version of OpenTofu that also supports dependency locks for modules.`,
          block.typeRange,
        ),
      );
    }
  }
  return { providers, diagnostics: diags };
}
