// How the playground prints a diagnostic in its list: the one place it renders them, as `tofu`
// prints them (hcl's formatDiagnostic, with a snippet of the file when its text is at hand).
import { type Diagnostic, formatDiagnostic } from "@tofukit/hcl";

/** A diagnostic as text; `source` is the text of the file its subject names, when known. */
export function diagnosticText(d: Diagnostic, source: string | undefined): string {
  // Unwrapped: the page wraps the text to its own width.
  return formatDiagnostic(d, source, { width: Number.POSITIVE_INFINITY });
}
