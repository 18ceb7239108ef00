// The command-line definition of `tofukit hostname NAME...`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";

export function addHostnameCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("hostname")
    .description("Normalize service hostnames as OpenTofu does (comparison and display forms)")
    .argument("<name...>", "friendly hostnames, with an optional :port")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit hostname Bücher.example:443 registry.opentofu.org
  tofukit hostname --json 'MÜNCHEN.DE:8080'`,
    )
    .action(async (names: string[], opts: { json?: boolean }) => {
      const { runHostname } = await import("./hostname.js");
      exit(runHostname(names, opts.json === true, io));
    });
}
