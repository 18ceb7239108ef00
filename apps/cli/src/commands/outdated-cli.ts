// The command-line definition of `tofukit outdated [DIR]`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.
import type { Command } from "commander";
import type { CommandIO } from "../io.js";
import { caOption, readCertificates } from "./cli-options.js";

export function addOutdatedCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("outdated")
    .description(
      "List a module's registry modules and providers with the newest versions allowed and published",
    )
    .argument("[dir]", "the module's directory", ".")
    .option("--json", "machine-readable output")
    .option("--exit-code", "exit 1 when a dependency is behind (or no version meets its constraint)")
    .addOption(caOption())
    .addHelpText(
      "after",
      `
Like npm outdated: for every module call with a registry source and every required_providers
entry, the constraint, the version in use (installed by tofu init, or locked in
.terraform.lock.hcl), the newest version the constraint allows (Wanted) and the newest published
(Latest). Local and remote module sources are listed as not-registry. The registries are asked in
parallel, each host discovered once, with the credentials tofu would send.

Examples:
  tofukit outdated
  tofukit outdated ./infra --json
  tofukit outdated --exit-code   # in CI: fail when something is behind

Exit status: 0 listed, 1 a registry failed (or something is behind, with --exit-code), 2 usage error.`,
    )
    .action(async (dir: string, opts: { json?: boolean; exitCode?: boolean; ca: string[] }) => {
      const { runOutdated } = await import("./outdated.js");
      const ca = await readCertificates(opts.ca);
      exit(await runOutdated({ dir, json: opts.json === true, exitCode: opts.exitCode === true, ca }, io));
    });
}
