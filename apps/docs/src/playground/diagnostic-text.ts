// How the playground prints a diagnostic in its list: the one place it renders them, as `tofu`
// prints them (hcl's formatDiagnostic, with a snippet of the file when its text is at hand).
import { formatDiagnostic } from "@tofukit/hcl";
import type { PlaygroundDiagnostic } from "./check-value.js";

/** A diagnostic as text; `source` is the text of the file its subject names, when known. */
export function diagnosticText(d: PlaygroundDiagnostic, source: string | undefined): string {
  if (d.subject === undefined)
    return `${d.severity === "error" ? "Error" : "Warning"}: ${d.summary}\n\n${d.detail}`;
  return formatDiagnostic({ ...d, subject: d.subject }, source);
}
