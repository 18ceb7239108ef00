// A problem that has no place in a file (a host that cannot be discovered, a registry that fails,
// a lock that cannot be made), framed as every command frames its diagnostics.
import { type Diagnostic, type DiagnosticSources, formatDiagnostic, sourceless } from "@tofukit/hcl";
import type { CommandIO } from "../io.js";

export function writeProblem(
  io: CommandIO,
  summary: string,
  detail: string,
  severity: "error" | "warning" = "error",
): void {
  io.stderr.write(
    formatDiagnostic(sourceless(severity, summary, detail), undefined, { color: io.err.color }),
  );
}

/** Diagnostics on standard error, each framed with its source lines where `sources` has its file. */
export function writeDiagnostics(
  io: CommandIO,
  diagnostics: Iterable<Diagnostic>,
  sources?: DiagnosticSources,
): void {
  for (const d of diagnostics) io.stderr.write(formatDiagnostic(d, sources, { color: io.err.color }));
}
