// Decoding a `module` block as OpenTofu's decodeModuleBlock does, once for native and JSON
// syntax: the meta-arguments of its schema (`source` required), the `_` escaping block, the
// `lifecycle { enabled }` block, the reserved `locals` and `provider` blocks, the name rules, and
// what is left: the arguments that later meet the child module's variables.
import {
  type Diagnostic,
  type Expression,
  errorDiag,
  evaluateExpression,
  formatRange,
  variables,
} from "@tofukit/hcl";
import { bodyContentProblems } from "./body-content.js";
import type { ConfigAttribute, ConfigBlock, ConfigBody } from "./config-body.js";
import { BAD_IDENTIFIER_DETAIL, isValidIdentifier } from "./decode-variable.js";
import type { Range } from "./variable-declaration.js";

/** A meta-argument of a module call: its expression and where its name is written. */
export interface MetaArgument {
  readonly expr: Expression;
  readonly nameRange: Range;
}

export interface ModuleCall {
  readonly name: string;
  /** `module "name"`. */
  readonly declRange: Range;
  /**
   * The `source` argument; its expression is evaluated statically (it may refer to variables and
   * local values). Undefined when the block has none (reported already).
   */
  readonly source: MetaArgument | undefined;
  readonly version: MetaArgument | undefined;
  readonly count: MetaArgument | undefined;
  readonly forEach: MetaArgument | undefined;
  /** `lifecycle { enabled = … }`. */
  readonly enabled: MetaArgument | undefined;
  readonly dependsOn: MetaArgument | undefined;
  readonly providers: MetaArgument | undefined;
  /** The arguments for the child's input variables: the block's other arguments and those of `_`. */
  readonly arguments: readonly ConfigAttribute[];
  /** Where "Missing required argument" points for a variable the call does not set. */
  readonly missingItemRange: Range;
  /** The syntax of the block, whose texts its argument problems take. */
  readonly syntax: "native" | "json";
  /** Nested blocks other than the meta-argument blocks, which no input variable can take. */
  readonly blocks: readonly ConfigBlock[];
}

const META_ARGUMENTS = ["source", "version", "count", "for_each", "depends_on", "providers"] as const;
const META_BLOCKS = ["_", "lifecycle", "locals", "provider"] as const;

/** The block types of a module block's schema, for reading JSON bodies. */
export const MODULE_BLOCK_TYPES = [
  { type: "_" },
  { type: "lifecycle" },
  { type: "locals" },
  { type: "provider", labelNames: ["name"] },
] as const;

function error(summary: string, detail: string, subject: Range, context?: Range): Diagnostic {
  return context === undefined
    ? errorDiag(summary, detail, subject)
    : errorDiag(summary, detail, subject, context);
}

/** hcl.RangeBetween over several ranges: from the first to start to the last to end. */
function spanning(ranges: readonly Range[]): Range {
  const sorted = [...ranges].sort((a, b) => a.start.byte - b.start.byte);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  return { filename: first.filename, start: first.start, end: last.end };
}

/** The "Invalid combination of …" error for two or more of count, enabled and for_each. */
function repetitionConflict(call: {
  count?: MetaArgument | undefined;
  enabled?: MetaArgument | undefined;
  forEach?: MetaArgument | undefined;
}): Diagnostic | undefined {
  const given = (
    [
      ['"count"', call.count],
      ['"enabled"', call.enabled],
      ['"for_each"', call.forEach],
    ] as const
  ).filter(([, arg]) => arg !== undefined);
  if (given.length < 2) return undefined;
  const names = given.map(([name]) => name);
  const message =
    names.length >= 3 ? `${names.slice(0, -1).join(", ")}, and ${names.at(-1)}` : names.join(" and ");
  return error(
    `Invalid combination of ${message}`,
    `The ${message} meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created.`,
    spanning(given.map(([, arg]) => arg!.nameRange)),
  );
}

/** A `providers = { child = parent }` map: only its keys are checked here, for duplicates. */
function providerDuplicates(expr: Expression): Diagnostic[] {
  if (expr.kind !== "object") return [];
  const out: Diagnostic[] = [];
  const seen = new Map<string, Range>();
  for (const item of expr.items) {
    const key = variables(item.key.wrapped)[0];
    const text =
      key !== undefined
        ? key.traversal.map((s) => (s.kind === "index" ? "" : s.name)).join(".")
        : item.key.wrapped.kind === "literal" && item.key.wrapped.value.type === "string"
          ? item.key.wrapped.value.value
          : undefined;
    if (text === undefined) continue;
    const before = seen.get(text);
    if (before !== undefined) {
      out.push(
        error(
          "Duplicate provider address",
          `A provider configuration was already passed to ${text} at ${formatRange(before)}. Each child provider configuration can be assigned only once.`,
          item.key.range,
        ),
      );
    } else seen.set(text, item.key.range);
  }
  return out;
}

function attribute(body: ConfigBody, name: string): MetaArgument | undefined {
  const a = body.attributes.find((x) => x.name === name);
  if (a === undefined) return undefined;
  // `version = null` counts as absent, as decodeStaticVersion reads it.
  if (name === "version" && a.expr.kind === "literal" && a.expr.value.type === "null") return undefined;
  return { expr: a.expr, nameRange: a.nameRange };
}

/**
 * Decodes one `module` block. In an override file nothing is required: what the block sets
 * replaces the base's, argument by argument.
 */
export function decodeModuleBlock(
  block: ConfigBlock,
  override: boolean,
  diags: Diagnostic[],
): ModuleCall | undefined {
  for (const item of block.body.problems) diags.push(item);
  for (const a of block.body.attributes) for (const item of a.exprDiagnostics) diags.push(item);
  if (block.labels.length !== 1) {
    const extra = block.labels.length > 1;
    diags.push(
      error(
        extra ? "Extraneous label for module" : "Missing name for module",
        extra
          ? "Only 1 labels (name) are expected for module blocks."
          : "All module blocks must have 1 labels (name).",
        extra ? block.labelRanges[1]! : block.typeRange,
        block.defRange,
      ),
    );
    return undefined;
  }
  const name = block.labels[0]!;
  if (!isValidIdentifier(name)) {
    diags.push(error("Invalid module instance name", BAD_IDENTIFIER_DETAIL, block.labelRanges[0]!));
  }
  const body = block.body;
  const schema = {
    attributes: META_ARGUMENTS.map((n) => ({ name: n, required: n === "source" && !override })),
    blocks: [...META_BLOCKS],
  };
  // PartialContent: only the missing `source` is a problem here; other arguments are for the child.
  for (const item of bodyContentProblems(body, schema, { partial: true })) diags.push(item);

  const args: ConfigAttribute[] = body.attributes.filter(
    (a) => !(META_ARGUMENTS as readonly string[]).includes(a.name),
  );
  const others: ConfigBlock[] = [];
  let escapeBlock: ConfigBlock | undefined;
  let lifecycle: ConfigBlock | undefined;
  let enabled: MetaArgument | undefined;
  for (const inner of body.blocks) {
    switch (inner.type) {
      case "_":
        if (escapeBlock !== undefined) {
          diags.push(
            error(
              "Duplicate escaping block",
              `The special block type "_" can be used to force particular arguments to be interpreted as module input variables rather than as meta-arguments, but each module block can have only one such block. The first escaping block was at ${formatRange(escapeBlock.defRange)}.`,
              inner.defRange,
            ),
          );
          continue;
        }
        escapeBlock = inner;
        for (const item of inner.body.problems) diags.push(item);
        for (const a of inner.body.attributes) {
          for (const item of a.exprDiagnostics) diags.push(item);
          const before = args.find((x) => x.name === a.name);
          if (before !== undefined) {
            diags.push(
              error(
                "Duplicate argument",
                `Argument ${JSON.stringify(a.name)} was already set at ${formatRange(before.nameRange)}`,
                a.nameRange,
              ),
            );
          } else args.push(a);
        }
        for (const b of inner.body.blocks) others.push(b);
        break;
      case "lifecycle": {
        if (lifecycle !== undefined) {
          diags.push(
            error(
              "Duplicate lifecycle block",
              `This resource already has a lifecycle block at ${formatRange(lifecycle.defRange)}.`,
              inner.defRange,
            ),
          );
          continue;
        }
        lifecycle = inner;
        for (const item of inner.body.problems) diags.push(item);
        for (const item of bodyContentProblems(inner.body, { attributes: [{ name: "enabled" }], blocks: [] }))
          diags.push(item);
        enabled = attribute(inner.body, "enabled");
        break;
      }
      case "locals":
      case "provider":
        diags.push(
          error(
            "Reserved block type name in module block",
            `The block type name ${JSON.stringify(inner.type)} is reserved for use by OpenTofu in a future version.`,
            inner.typeRange,
          ),
        );
        break;
      default:
        others.push(inner);
    }
  }

  const call = {
    count: attribute(body, "count"),
    forEach: attribute(body, "for_each"),
    enabled,
  };
  const conflict = repetitionConflict(call);
  if (conflict !== undefined) diags.push(conflict);
  const providers = attribute(body, "providers");
  if (providers !== undefined) for (const item of providerDuplicates(providers.expr)) diags.push(item);
  return {
    name,
    declRange: block.defRange,
    source: attribute(body, "source"),
    version: attribute(body, "version"),
    ...call,
    dependsOn: attribute(body, "depends_on"),
    providers,
    arguments: args,
    missingItemRange: body.missingItemRange,
    syntax: body.syntax,
    blocks: others,
  };
}

/** The value of a `source` or `version` written as a constant string, else undefined. */
export function constantString(expr: Expression): string | undefined {
  const { value, diagnostics } = evaluateExpression(expr);
  if (diagnostics.some((d) => d.severity === "error") || !value.isKnown || value.isNull) return undefined;
  return value.type.kind === "string" ? value.asString() : undefined;
}
