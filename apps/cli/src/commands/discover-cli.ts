// The command-line definition of `tofukit discover HOST [SERVICE]`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";
import { caOption, readCertificates } from "./cli-options.js";

export function addDiscoverCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("discover")
    .description("Discover a host's services (/.well-known/terraform.json) as OpenTofu does")
    .argument("<host>", "the service hostname, e.g. registry.opentofu.org or registry.example.com:8443")
    .argument("[service]", "print only this service's URL, e.g. modules.v1")
    .option("--timeout <seconds>", "give up after this long (default 10, or TF_REGISTRY_CLIENT_TIMEOUT)")
    .addOption(caOption())
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Credentials come from where OpenTofu finds them: TF_TOKEN_<host> variables, credentials blocks in
the CLI configuration (TF_CLI_CONFIG_FILE, ~/.tofurc, ~/.terraform.d/*.tfrc) and the credentials
helper; host blocks in the CLI configuration override discovery as they do for OpenTofu.

Examples:
  tofukit discover registry.opentofu.org
  tofukit discover registry.example.com modules.v1
  tofukit discover registry.internal:8443 --ca ./internal-ca.pem --json`,
    )
    .action(
      async (
        host: string,
        service: string | undefined,
        opts: { timeout?: string; ca: string[]; json?: boolean },
      ) => {
        const { runDiscover } = await import("./discover.js");
        const ca = await readCertificates(opts.ca);
        exit(await runDiscover({ host, service, timeout: opts.timeout, ca, json: opts.json === true }, io));
      },
    );
}
