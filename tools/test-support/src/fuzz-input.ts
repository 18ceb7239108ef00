// Generated and mutated inputs for fuzz tests: token soup from a parser's alphabet, and seed texts
// with random insertions, deletions and replacements.
import fc from "fast-check";

/**
 * Runs per fuzz property: small by default so `npm test` stays quick; set TOFUKIT_FUZZ_RUNS
 * (for example to 100000) for a long run.
 */
export function fuzzRuns(defaultRuns: number): number {
  const given = Number(process.env.TOFUKIT_FUZZ_RUNS);
  return Number.isInteger(given) && given > 0 ? given : defaultRuns;
}

/** Texts made of the given pieces, up to `maxPieces` of them. */
export function tokenSoup(pieces: readonly string[], maxPieces = 40): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...pieces) },
        { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
      ),
      {
        maxLength: maxPieces,
      },
    )
    .map((parts) => parts.join(""));
}

/** A seed text with up to `maxEdits` random edits, each inserting, deleting or replacing text. */
export function mutated(
  seeds: readonly string[],
  pieces: readonly string[],
  maxEdits = 6,
): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.nat(),
    fc.nat({ max: 4 }),
    fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 4, unit: "binary" })),
  );
  return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { maxLength: maxEdits })).map(([seed, edits]) => {
    let text = seed;
    for (const [at, cut, insert] of edits) {
      const i = text.length === 0 ? 0 : at % (text.length + 1);
      text = text.slice(0, i) + insert + text.slice(i + cut);
    }
    return text;
  });
}

/** Token soup and mutated seeds, half and half. */
export function fuzzText(seeds: readonly string[], pieces: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(tokenSoup(pieces), mutated(seeds, pieces));
}
