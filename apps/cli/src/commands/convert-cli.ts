// The command-line definition of `tofukit convert`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";

export function addConvertCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("convert")
    .description("Convert a value to a type constraint as OpenTofu does for input variables")
    .requiredOption("--type <expr>", "the type constraint, e.g. 'list(object({name=string}))'")
    .option("--value <hcl>", "the value as an HCL expression")
    .option("--file <file>", "read the value from a file (HCL expression, or JSON for *.json)")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit convert --type 'list(number)' --value '["1", 2]'
  tofukit convert --type 'object({name=string, port=optional(number, 443)})' --value '{name = "web"}'
  tofukit convert --type 'map(string)' --file values.json --json`,
    )
    .action(async (opts: { type: string; value?: string; file?: string; json?: boolean }) => {
      const { runConvert } = await import("./convert.js");
      exit(runConvert({ type: opts.type, value: opts.value, file: opts.file, json: opts.json === true }, io));
    });
}
