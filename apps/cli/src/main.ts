// The `tofukit` command line: parses arguments, runs one command, maps failures to exit codes.
// Commands are loaded on demand so that a short command starts fast.
import { CommanderError } from "commander";
import { type CommandIO, EXIT_OK, EXIT_USAGE, processIO, UsageError } from "./io.js";
import { createProgram, type ProgramResult } from "./program.js";

/** OpenTofu spells them with one dash: accept `-var`, `-var-file`, `-check`, … too. */
function normalizeArgv(argv: readonly string[]): string[] {
  return argv.map((arg) =>
    arg.replace(/^-(var|var-file|json|check|diff|recursive|list|write|no-color)(=|$)/, "--$1$2"),
  );
}

export async function main(argv: readonly string[], io: CommandIO = processIO()): Promise<number> {
  const result: ProgramResult = { exitCode: EXIT_OK };
  const program = createProgram(io, result);
  try {
    await program.parseAsync(normalizeArgv(argv), { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; everything commander rejects is a usage error.
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.stderr.write(`${io.err.red("Error:")} ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
  return result.exitCode;
}
