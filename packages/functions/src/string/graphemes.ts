// Grapheme clusters, as cty counts and cuts strings with textseg (Unicode 15.0's rules).
//
// Intl.Segmenter follows the ICU of the running engine: Node 20's ICU 7x applies Unicode 15.1,
// whose GB9c rule keeps Indic conjuncts (consonant + virama + consonant) in one cluster where
// textseg v15 splits them. Other sequences segment alike.

// Made on first use: creating a segmenter loads ICU's break rules, which takes milliseconds.
let segmenter: Intl.Segmenter | undefined;

function segments(s: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return segmenter.segment(s);
}

// ASCII text has a cluster per character except CR LF, which is one.
const NON_ASCII = /[^\x00-\x7f]/;

/** The grapheme clusters of `s`, in order. */
export function graphemes(s: string): string[] {
  if (!NON_ASCII.test(s) && !s.includes("\r\n")) return s.split("");
  const out: string[] = [];
  for (const seg of segments(s)) out.push(seg.segment);
  return out;
}

/** The number of grapheme clusters in `s`. */
export function graphemeCount(s: string): number {
  if (!NON_ASCII.test(s)) {
    let crlf = 0;
    for (let i = s.indexOf("\r\n"); i >= 0; i = s.indexOf("\r\n", i + 2)) crlf++;
    return s.length - crlf;
  }
  let n = 0;
  for (const _ of segments(s)) n++;
  return n;
}
