// The command-line definition of `tofukit registry versions` and `tofukit registry location`.
// The actions load the implementation on demand, so that other commands start fast.
import type { Command } from "commander";
import type { CommandIO } from "../io.js";
import { caOption, readCertificates } from "./cli-options.js";

export function addRegistryCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  const registry = program
    .command("registry")
    .description("Ask a module or provider registry what it publishes, as `tofu init` asks it");

  registry
    .command("versions")
    .description("List the versions of a module or provider, newest first")
    .argument("<source>", "a module (namespace/name/system) or provider (namespace/type) address")
    .option("--constraint <c>", "only the versions this constraint allows, and the one tofu would pick")
    .option("--module", "read SOURCE as a module address")
    .option("--provider", "read SOURCE as a provider address")
    .addOption(caOption())
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Which kind of address SOURCE is follows from its form: namespace/name/system (with an optional
host in front, or a //subdirectory) is a module, namespace/type or host/namespace/type a
provider. --module or --provider decides when that is not what you mean. Constraints are read by
each kind's own engine: ~> 1 has no upper bound for modules but means < 2.0.0 for providers.

Examples:
  tofukit registry versions terraform-aws-modules/vpc/aws --constraint '~> 5.0'
  tofukit registry versions hashicorp/aws --json
  tofukit registry versions registry.example.com/acme/network/aws --ca ./internal-ca.pem

Exit status: 0 listed, 1 the registry failed or no version meets the constraint, 2 usage error.`,
    )
    .action(
      async (
        source: string,
        opts: { constraint?: string; module?: boolean; provider?: boolean; ca: string[]; json?: boolean },
      ) => {
        const { forcedKind, runRegistryVersions } = await import("./registry.js");
        const ca = await readCertificates(opts.ca);
        exit(
          await runRegistryVersions(
            { source, constraint: opts.constraint, kind: forcedKind(opts), ca, json: opts.json === true },
            io,
          ),
        );
      },
    );

  registry
    .command("location")
    .description("Print where a module version's package is, as the registry answers `tofu init`")
    .argument("<source>", "a module registry address (namespace/name/system)")
    .argument("<version>", "the module version, e.g. 5.1.0")
    .addOption(caOption())
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
The location is the registry's X-Terraform-Get answer (or its body's location), resolved
against the download URL and joined with the address's //subdirectory, as OpenTofu reads it.

Examples:
  tofukit registry location terraform-aws-modules/vpc/aws 5.1.0
  tofukit registry location registry.example.com/acme/network/aws//modules/subnet 1.2.0 --json`,
    )
    .action(async (source: string, version: string, opts: { ca: string[]; json?: boolean }) => {
      const { runRegistryLocation } = await import("./registry.js");
      const ca = await readCertificates(opts.ca);
      exit(await runRegistryLocation({ source, version, ca, json: opts.json === true }, io));
    });
}
