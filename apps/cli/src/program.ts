// The `tofukit` program: the commands, each defined beside its implementation (commands/*-cli.ts).
// The documentation's CLI reference is generated from this object, so it cannot drift.
import { Command } from "commander";
import { addCheckCommand } from "./commands/check-cli.js";
import { addConvertCommand } from "./commands/convert-cli.js";
import { addCredentialsCommand } from "./commands/credentials-cli.js";
import { addDemoCommand } from "./commands/demo-cli.js";
import { addDiscoverCommand } from "./commands/discover-cli.js";
import { addHostnameCommand } from "./commands/hostname-cli.js";
import { addLockCommand } from "./commands/lock-cli.js";
import { addLoginCommands } from "./commands/login-cli.js";
import { addOutdatedCommand } from "./commands/outdated-cli.js";
import { addRegistryCommand } from "./commands/registry-cli.js";
import { addSchemaCommands } from "./commands/schema-fmt-cli.js";
import { addTokenVarCommand } from "./commands/token-var-cli.js";
import { addTypeCommand } from "./commands/type-cli.js";
import { type CommandIO, ENVIRONMENT_VARIABLES, EXIT_STATUSES } from "./io.js";
import { VERSION } from "./version.js";

/** What a command's action leaves behind: the exit status `main` returns. */
export interface ProgramResult {
  exitCode: number;
}

/** The program; actions load their command on demand and record the exit status in `result`. */
export function createProgram(io: CommandIO, result: ProgramResult): Command {
  const program = new Command("tofukit")
    .description("OpenTofu's type constraints and service discovery, offline and fast.")
    .version(VERSION, "-v, --version")
    .showSuggestionAfterError(true)
    .showHelpAfterError("(run tofukit --help for the commands)")
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(io.err.red(s)),
    })
    .exitOverride();

  const exit = (code: number): void => {
    result.exitCode = code;
  };
  // In the order `--help` lists them.
  addCheckCommand(program, io, exit);
  addConvertCommand(program, io, exit);
  addTypeCommand(program, io, exit);
  addHostnameCommand(program, io, exit);
  addTokenVarCommand(program, io, exit);
  addDiscoverCommand(program, io, exit);
  addCredentialsCommand(program, io, exit);
  addSchemaCommands(program, io, exit);
  addLoginCommands(program, io, exit);
  addRegistryCommand(program, io, exit);
  addOutdatedCommand(program, io, exit);
  addLockCommand(program, io, exit);
  addDemoCommand(program, io, exit);

  program.addHelpText(
    "after",
    `\nEnvironment:\n${ENVIRONMENT_VARIABLES.map((v) => `  ${v.name}: ${v.meaning}.`).join("\n")}\n\nExit status: ${EXIT_STATUSES.map((s) => `${s.code} ${s.meaning}`).join(", ")}.`,
  );
  return program;
}
