// Diagnostics as one line each, for tests that read like OpenTofu's output.
import { formatRange } from "@tofukit/hcl";
import type { CheckDiagnostic } from "../src/index.js";

export function lines(diags: readonly CheckDiagnostic[]): string[] {
  return diags.map(
    (d) =>
      `${d.severity}: ${d.summary}: ${d.detail}${d.subject === undefined ? "" : ` @ ${formatRange(d.subject)}`}`,
  );
}
