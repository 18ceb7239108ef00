// `tofukit token-var HOST`: the TF_TOKEN_... environment variable that gives OpenTofu a token for HOST.
import { tokenVariableHost, tokenVariableName } from "@tofukit/credentials";
import { displayOf, forComparison, HostnameError } from "@tofukit/hostname";
import { type CommandIO, EXIT_INVALID, EXIT_OK } from "../io.js";
import { stringifyJSON } from "../render/json-output.js";

export function runTokenVar(host: string, json: boolean, io: CommandIO): number {
  let hostname: ReturnType<typeof forComparison>;
  try {
    hostname = forComparison(host);
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    io.stderr.write(
      `${io.err.red("✘")} ${JSON.stringify(host)} is not a valid service hostname: ${error.message}\n`,
    );
    return EXIT_INVALID;
  }
  let name: string;
  try {
    name = tokenVariableName(hostname);
  } catch (error) {
    io.stderr.write(`${io.err.red("✘")} ${(error as Error).message}\n`);
    return EXIT_INVALID;
  }
  // The name must lead back to the same host, or it would be no use to set it.
  const back = tokenVariableHost(name);
  if (json) {
    io.stdout.write(
      `${stringifyJSON({ host: hostname, display: displayOf(hostname), variable: name, roundTrips: back === hostname })}\n`,
    );
  } else {
    io.stdout.write(`${name}\n`);
  }
  return EXIT_OK;
}
