// At most MAX_DIAGNOSTICS_PER_FILE diagnostics per file are printed, then one line for the rest.
//
// HCL reports every invalid character (hclsyntax's checkInvalidTokens has no limit for them), so
// a file of 200,000 NUL bytes has 200,000 diagnostics, each with the same 200 KB source line:
// OpenTofu would print them all, gigabytes that no one reads. The first ones say what is wrong.
import type { CliDiagnostic } from "./diagnostic.js";

export const MAX_DIAGNOSTICS_PER_FILE = 100;

/** The diagnostic that stands for the ones left out. */
export interface MoreProblems {
  readonly severity: "error";
  readonly summary: string;
  readonly detail: string;
}

/**
 * The diagnostics to print: the first MAX_DIAGNOSTICS_PER_FILE about each file, in order, and
 * after the last of a file's that is kept, one diagnostic saying how many more there were.
 * Diagnostics about no file are all kept.
 */
export function limitDiagnostics<D extends CliDiagnostic>(
  diagnostics: readonly D[],
  max = MAX_DIAGNOSTICS_PER_FILE,
): (D | MoreProblems)[] {
  const counts = new Map<string, number>();
  for (const d of diagnostics) {
    if (d.subject === undefined) continue;
    counts.set(d.subject.filename, (counts.get(d.subject.filename) ?? 0) + 1);
  }
  const shown = new Map<string, number>();
  const out: (D | MoreProblems)[] = [];
  for (const d of diagnostics) {
    if (d.subject === undefined) {
      out.push(d);
      continue;
    }
    const file = d.subject.filename;
    const n = (shown.get(file) ?? 0) + 1;
    shown.set(file, n);
    if (n > max) continue;
    out.push(d);
    const total = counts.get(file) ?? 0;
    if (n === max && total > max) {
      const more = total - max;
      out.push({
        severity: "error",
        summary: `${more} more problem${more === 1 ? "" : "s"} in ${file}`,
        detail: `Only the first ${max} problems found in ${file} are shown. Fix those and run again to see the rest.`,
      });
    }
  }
  return out;
}
