// The command-line definitions of `schema`, `types` and `fmt`; each loads its implementation on
// demand, as main.ts's commands do.
import { type Command, InvalidArgumentError } from "commander";
import type { CommandIO } from "../io.js";

/** OpenTofu's boolean flags take `=true`/`=false` (`-list=false`). */
function bool(value: string): boolean {
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new InvalidArgumentError("expected true or false");
}

export function addSchemaCommands(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("schema")
    .description("Print the JSON Schema of a type constraint, or of a module's terraform.tfvars.json")
    .argument("[dir]", "the module's directory")
    .option("--type <expr>", "a type constraint instead of a module, e.g. 'list(object({name=string}))'")
    .addHelpText(
      "after",
      `
The schema (JSON Schema draft 2020-12) accepts exactly the JSON values OpenTofu accepts for the
variables, conversions included ("15" for a number, numbers and bools for a string); with \`any\`
it accepts every value there. Point an editor at it to check terraform.tfvars.json as you type.

Examples:
  tofukit schema --type 'list(object({name=string, size=optional(number, 1)}))'
  tofukit schema ./infra > tfvars.schema.json`,
    )
    .action(async (dir: string | undefined, opts: { type?: string }) => {
      const { runModuleSchema, runTypeSchema } = await import("./schema.js");
      if (opts.type !== undefined) exit(runTypeSchema(opts.type, io));
      else exit(runModuleSchema(dir ?? ".", io));
    });

  program
    .command("types")
    .description("Print TypeScript declarations of a module's inputs (export interface Inputs)")
    .argument("[dir]", "the module's directory", ".")
    .option("--name <name>", "the interface's name", "Inputs")
    .addHelpText(
      "after",
      `
Examples:
  tofukit types ./infra > inputs.d.ts`,
    )
    .action(async (dir: string, opts: { name: string }) => {
      const { runTypes } = await import("./schema.js");
      exit(runTypes(dir, opts.name, io));
    });

  program
    .command("fmt")
    .description("Rewrite configuration and variables files in the canonical format, as tofu fmt")
    .argument("[target...]", "directories or files (default: the current directory); - for standard input")
    .option("--list <bool>", "list files whose formatting differs", bool, true)
    .option("--write <bool>", "write the result to the files", bool, true)
    .option("--diff", "display diffs of formatting changes")
    .option("--check", "check whether the input is formatted: exit 3 if not")
    .option("--recursive", "also process files in subdirectories")
    .option("--no-color", "accepted for OpenTofu's sake; output has no color unless a terminal")
    .addHelpText(
      "after",
      `
Files: .tf, .tofu, .tfvars, .tftest.hcl and .tofutest.hcl. Options may be written with one dash as
OpenTofu writes them (-check, -diff, -recursive, -list=false, -write=false). A file that does not
parse is left untouched and its errors are reported.

Exit status: 0 done, 2 an error (such as a syntax error), 3 with -check when a file needs formatting.`,
    )
    .action(
      async (
        targets: string[],
        opts: { list: boolean; write: boolean; diff?: boolean; check?: boolean; recursive?: boolean },
      ) => {
        const { runFmt } = await import("./fmt.js");
        const { readAll } = await import("./read-all.js");
        exit(
          await runFmt(
            {
              paths: targets,
              list: opts.list,
              write: opts.write,
              diff: opts.diff === true,
              check: opts.check === true,
              recursive: opts.recursive === true,
            },
            io,
            () => readAll(process.stdin),
          ),
        );
      },
    );
}
