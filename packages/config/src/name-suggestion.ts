// "Did you mean" suggestions as HCL and OpenTofu make them: the first candidate within a
// Levenshtein distance below 3 of the given name, in the order the candidates are listed.

function levenshtein(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[y.length]!;
}

export function nameSuggestion(given: string, candidates: Iterable<string>): string | undefined {
  for (const candidate of candidates) if (levenshtein(given, candidate) < 3) return candidate;
  return undefined;
}
