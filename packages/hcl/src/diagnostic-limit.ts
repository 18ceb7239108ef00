// At most MAX_DIAGNOSTICS_PER_FILE diagnostics per file are printed, then one for the rest.
//
// HCL reports every invalid character (hclsyntax's checkInvalidTokens has no limit for them), so
// a file of 200,000 NUL bytes has 200,000 diagnostics, each with the same 200 KB source line:
// OpenTofu would print them all, gigabytes that no one reads. The first ones say what is wrong.
import { type Diagnostic, sourceless } from "./diagnostic.js";

export const MAX_DIAGNOSTICS_PER_FILE = 100;

/**
 * The diagnostics to print: the first `max` about each file, in order, and after the last of a
 * file's that is kept, one sourceless error saying how many more there were. Diagnostics about no
 * file are all kept.
 */
export function limitDiagnostics<D extends Diagnostic>(
  diagnostics: readonly D[],
  max = MAX_DIAGNOSTICS_PER_FILE,
): (D | Diagnostic)[] {
  const counts = new Map<string, number>();
  for (const d of diagnostics) {
    if (d.subject === undefined) continue;
    counts.set(d.subject.filename, (counts.get(d.subject.filename) ?? 0) + 1);
  }
  const shown = new Map<string, number>();
  const out: (D | Diagnostic)[] = [];
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
      out.push(
        sourceless(
          "error",
          `${more} more problem${more === 1 ? "" : "s"} in ${file}`,
          `Only the first ${max} problems found in ${file} are shown. Fix those and run again to see the rest.`,
        ),
      );
    }
  }
  return out;
}
