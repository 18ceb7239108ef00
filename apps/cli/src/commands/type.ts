// `tofukit type EXPR`: a type constraint as OpenTofu reads it — its canonical string, its cty
// JSON type and the optional-attribute defaults it carries.

import type { Defaults } from "@tofukit/convert";
import { consoleString, typeToJSON, valueToJSON } from "@tofukit/cty";
import { diagnosticToJSON } from "@tofukit/hcl";
import { parseTypeConstraint, type TypeConstraint, TypeExprError, typeString } from "@tofukit/typeexpr";
import { type CommandIO, EXIT_INVALID, EXIT_OK } from "../io.js";
import { RawJSON, stringifyJSON } from "../render/json-output.js";
import { writeDiagnostics } from "../render/problem.js";

const TYPE_FILENAME = "<type>";

interface DefaultEntry {
  readonly path: string;
  readonly defaults: Defaults;
  readonly attribute: string;
}

/** Every default of the tree, with the path of the attribute it fills (`[*].website.index_document`). */
function defaultEntries(defaults: Defaults | null, path = ""): DefaultEntry[] {
  if (defaults === null) return [];
  const out: DefaultEntry[] = [];
  for (const attribute of [...defaults.defaultValues.keys()].sort()) out.push({ path, defaults, attribute });
  for (const [key, child] of [...defaults.children].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const step =
      defaults.type.kind === "object" ? `.${key}` : defaults.type.kind === "tuple" ? `[${key}]` : "[*]";
    for (const item of defaultEntries(child, path + step)) out.push(item);
  }
  return out;
}

/** Parses a type constraint, or writes its diagnostics and returns null. */
export function parseConstraintOrReport(src: string, io: CommandIO, json: boolean): TypeConstraint | null {
  try {
    return parseTypeConstraint(src, TYPE_FILENAME);
  } catch (error) {
    if (!(error instanceof TypeExprError)) throw error;
    if (json) {
      io.stdout.write(
        `${stringifyJSON({ valid: false, diagnostics: error.diagnostics.map(diagnosticToJSON) })}\n`,
      );
    } else {
      const sources = new Map([[TYPE_FILENAME, src]]);
      writeDiagnostics(io, error.diagnostics, sources);
    }
    return null;
  }
}

export function runType(expr: string, json: boolean, io: CommandIO): number {
  const constraint = parseConstraintOrReport(expr, io, json);
  if (constraint === null) return EXIT_INVALID;
  const entries = defaultEntries(constraint.defaults);
  if (json) {
    io.stdout.write(
      `${stringifyJSON({
        valid: true,
        string: typeString(constraint.type),
        type: new RawJSON(JSON.stringify(typeToJSON(constraint.type))),
        hasDefaults: entries.length > 0,
        defaults: entries.map((e) => {
          const value = e.defaults.defaultValues.get(e.attribute)!;
          return {
            path: `${e.path}.${e.attribute}`,
            type: new RawJSON(JSON.stringify(typeToJSON(value.type))),
            value: new RawJSON(valueToJSON(value)),
          };
        }),
      })}\n`,
    );
    return EXIT_OK;
  }
  io.stdout.write(`${typeString(constraint.type)}\n`);
  if (entries.length > 0) {
    io.stdout.write(`\n${io.out.bold("Defaults")}\n`);
    for (const e of entries) {
      const value = consoleString(e.defaults.defaultValues.get(e.attribute)!);
      io.stdout.write(`  ${e.path}.${e.attribute} = ${value.replace(/\n/g, "\n  ")}\n`);
    }
  }
  return EXIT_OK;
}
