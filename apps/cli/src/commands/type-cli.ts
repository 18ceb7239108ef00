// The command-line definition of `tofukit type EXPR`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";

export function addTypeCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("type")
    .description("Parse a type constraint: canonical string, cty JSON type and defaults")
    .argument("<expr>", "the type constraint")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit type 'list(string)'
  tofukit type 'object({name=string, enabled=optional(bool, true)})' --json`,
    )
    .action(async (expr: string, opts: { json?: boolean }) => {
      const { runType } = await import("./type.js");
      exit(runType(expr, opts.json === true, io));
    });
}
