// The command-line definition of `tofukit token-var HOST`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";

export function addTokenVarCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("token-var")
    .description("Print the TF_TOKEN_... environment variable name that holds a token for HOST")
    .argument("<host>", "the service hostname")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit token-var app.terraform.io        # TF_TOKEN_app_terraform_io
  tofukit token-var my-registry.example.com # TF_TOKEN_my__registry_example_com`,
    )
    .action(async (host: string, opts: { json?: boolean }) => {
      const { runTokenVar } = await import("./token-var.js");
      exit(runTokenVar(host, opts.json === true, io));
    });
}
