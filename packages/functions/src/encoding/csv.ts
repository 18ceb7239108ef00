// CSV as Go's encoding/csv Reader reads it (RFC 4180 with Go's choices: CRLF read as LF, blank
// lines skipped, quotes only at a field's start, every record as wide as the first), failing
// with its errors and line numbers as csvdecode reports them.

export class CsvError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
  }
}

const BARE_QUOTE = 'bare " in non-quoted-field';
const QUOTE = 'extraneous or missing " in quoted-field';
const FIELD_COUNT = "wrong number of fields";

/** The records of the text; throws CsvError. */
export function readCsv(text: string): string[][] {
  // Go reads lines with their "\r\n" ending turned into "\n".
  const s = text.replace(/\r\n/g, "\n");
  const records: string[][] = [];
  let width = -1;
  let i = 0;
  let line = 1;
  while (i < s.length) {
    if (s[i] === "\n") {
      i++;
      line++;
      continue;
    }
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      let field = "";
      if (s[i] === '"') {
        i++;
        for (;;) {
          if (i >= s.length) throw new CsvError(line, QUOTE);
          const c = s[i]!;
          if (c === '"') {
            if (s[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === "\n") line++;
          field += c;
          i++;
        }
        if (i < s.length && s[i] !== "," && s[i] !== "\n") throw new CsvError(line, QUOTE);
      } else {
        while (i < s.length && s[i] !== "," && s[i] !== "\n") {
          if (s[i] === '"') throw new CsvError(line, BARE_QUOTE);
          field += s[i];
          i++;
        }
      }
      fields.push(field);
      if (i < s.length && s[i] === ",") {
        i++;
        continue;
      }
      if (i < s.length) {
        i++;
        line++;
      }
      break;
    }
    if (width < 0) width = fields.length;
    else if (fields.length !== width) throw new CsvError(startLine, FIELD_COUNT);
    records.push(fields);
  }
  return records;
}
