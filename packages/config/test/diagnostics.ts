// Diagnostics as one line each, for tests that read like OpenTofu's output.
import { type Diagnostic, formatRange } from "@tofukit/hcl";

export function lines(diags: readonly Diagnostic[]): string[] {
  return diags.map(
    (d) =>
      `${d.severity}: ${d.summary}: ${d.detail}${d.subject === undefined ? "" : ` @ ${formatRange(d.subject)}`}`,
  );
}
