// The command-line definition of `tofukit credentials ACTION HOST`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";

export function addCredentialsCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("credentials")
    .description("Show, store or forget the credentials OpenTofu would use for a host")
    .argument("<action>", "get, store or forget")
    .argument("<host>", "the service hostname")
    .option("--show", "print the token itself (get)")
    .option("--json", "machine-readable output (get)")
    .addHelpText(
      "after",
      `
store reads the token from standard input (hidden when typed at a terminal), never from the
command line. Tokens are written to credentials.tfrc.json (mode 0600, atomically, under a lock)
or handed to the configured credentials helper, following OpenTofu's rules.

Examples:
  tofukit credentials get app.terraform.io
  tofukit credentials store registry.example.com < token.txt
  tofukit credentials forget registry.example.com`,
    )
    .action(async (action: string, host: string, opts: { show?: boolean; json?: boolean }) => {
      const { runCredentials, readStandardInput } = await import("./credentials.js");
      exit(
        await runCredentials(
          {
            action,
            host,
            show: opts.show === true,
            json: opts.json === true,
            readToken: () => readStandardInput(io),
          },
          io,
        ),
      );
    });
}
