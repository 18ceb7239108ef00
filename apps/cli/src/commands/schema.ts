// `tofukit schema --type EXPR`, `tofukit schema DIR` and `tofukit types DIR`: the JSON Schema of
// one type constraint or of a module's terraform.tfvars.json, and TypeScript declarations of
// the module's inputs.

import { statSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigReadError, loadModuleDirectory } from "@tofukit/config/node";
import { jsonSchemaOf, moduleJsonSchema, moduleTypeScript } from "@tofukit/schema";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { schemaDeclarations } from "../module/schema-declarations.js";
import { writeDiagnostics } from "../render/problem.js";
import { parseConstraintOrReport } from "./type.js";

export function runTypeSchema(expr: string, io: CommandIO): number {
  const constraint = parseConstraintOrReport(expr, io, false);
  if (constraint === null) return EXIT_INVALID;
  io.stdout.write(`${JSON.stringify(jsonSchemaOf(constraint.type, constraint.defaults), null, 2)}\n`);
  return EXIT_OK;
}

/** The module's declarations, or null after reporting its errors. */
function declarations(dir: string, io: CommandIO) {
  const full = resolve(io.cwd, dir);
  let isDir = false;
  try {
    isDir = statSync(full).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new UsageError(`${dir} is not a directory: give the module's directory.`);
  let module: ReturnType<typeof loadModuleDirectory>["module"];
  try {
    module = loadModuleDirectory(full).module;
  } catch (error) {
    if (!(error instanceof ConfigReadError)) throw error;
    throw new UsageError(error.message.replace(full, dir));
  }
  if (module.files.length === 0) {
    throw new UsageError(
      `No OpenTofu configuration files (*.tf, *.tf.json, *.tofu, *.tofu.json) in ${dir}: give the directory of a module that declares variables.`,
      EXIT_INVALID,
    );
  }
  writeDiagnostics(io, module.diagnostics, module.sources);
  if (module.diagnostics.some((d) => d.severity === "error")) return null;
  return schemaDeclarations(module);
}

export function runModuleSchema(dir: string, io: CommandIO): number {
  const variables = declarations(dir, io);
  if (variables === null) return EXIT_INVALID;
  io.stdout.write(`${JSON.stringify(moduleJsonSchema(variables), null, 2)}\n`);
  return EXIT_OK;
}

export function runTypes(dir: string, interfaceName: string, io: CommandIO): number {
  const variables = declarations(dir, io);
  if (variables === null) return EXIT_INVALID;
  io.stdout.write(moduleTypeScript(variables, { interfaceName }));
  return EXIT_OK;
}
