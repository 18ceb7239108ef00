// hcl's nameSuggestion: the first candidate within Levenshtein distance 2 of a misspelt name,
// for "Did you mean …?" in "Unknown variable" and "Call to unknown function".
//
// hcl takes the first close candidate in Go map order, which is random; this takes the first in
// the order the caller gives (the context's insertion order), so answers are repeatable.

/** The first of `candidates` at edit distance below 3 from `given` (counted in code points), or "". */
export function nameSuggestion(given: string, candidates: Iterable<string>): string {
  const a = [...given];
  for (const candidate of candidates) {
    if (editDistance(a, [...candidate]) < 3) return candidate;
  }
  return "";
}

function editDistance(a: readonly string[], b: readonly string[]): number {
  // Lengths differing by 3 or more are never close enough; skip the table for them.
  if (Math.abs(a.length - b.length) >= 3) return 3;
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = above;
    }
  }
  return row[b.length]!;
}
