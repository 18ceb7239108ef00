// `tofukit hostname NAME...`: each name's comparison form (what OpenTofu stores and compares) and
// display form, or why it is not a valid service hostname.
import { displayOf, forComparison, forDisplay, HostnameError } from "@tofukit/hostname";
import { type CommandIO, EXIT_INVALID, EXIT_OK } from "../io.js";
import { stringifyJSON } from "../render/json-output.js";

export function runHostname(names: readonly string[], json: boolean, io: CommandIO): number {
  let failed = false;
  const results = names.map((name) => {
    try {
      const hostname = forComparison(name);
      return { name, valid: true as const, comparison: hostname, display: displayOf(hostname) };
    } catch (error) {
      if (!(error instanceof HostnameError)) throw error;
      failed = true;
      return {
        name,
        valid: false as const,
        error: error.message,
        code: error.code,
        display: forDisplay(name),
      };
    }
  });
  if (json) {
    io.stdout.write(`${stringifyJSON(results)}\n`);
    return failed ? EXIT_INVALID : EXIT_OK;
  }
  for (const r of results) {
    if (r.valid) {
      const shown = r.display === r.comparison ? "" : `  ${io.out.dim(`(shown as ${r.display})`)}`;
      io.stdout.write(`${r.comparison}${shown}\n`);
    } else {
      io.stderr.write(`${io.err.red("✘")} ${JSON.stringify(r.name)}: ${r.error}\n`);
    }
  }
  return failed ? EXIT_INVALID : EXIT_OK;
}
