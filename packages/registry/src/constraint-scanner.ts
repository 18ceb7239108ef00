// The scanner of apparentlymart/go-versions (raw_scan.rl), reproduced by hand: an operator, a
// separator of spaces and "v"s, numbers (digits, "*", "x" or "X") joined by dots, then optional
// "-prerelease" and "+metadata". It stops where the reference's state machine stops and returns
// the rest, which its callers turn into their errors.

export interface RawConstraint {
  readonly op: string;
  readonly sep: string;
  /** The first three numbers as written ("" where absent). */
  readonly nums: readonly [string, string, string];
  /** How many numbers there were, beyond three included. */
  readonly numCt: number;
  readonly pre: string;
  readonly meta: string;
}

// Ragel's `space`: \t \n \v \f \r and the space.
const isRagelSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isExtra = (c: number): boolean => isDigit(c) || isAlpha(c) || c === 0x2e || c === 0x2d;

export function scanConstraint(data: string): readonly [RawConstraint, string] {
  const n = data.length;
  let p = 0;
  while (p < n) {
    const c = data.charCodeAt(p);
    if (isDigit(c) || isRagelSpace(c) || isAlpha(c) || c === 0x2e || c === 0x2a) break;
    p++;
  }
  const op = data.slice(0, p);
  const sepStart = p;
  while (p < n && (isRagelSpace(data.charCodeAt(p)) || data.charCodeAt(p) === 0x76)) p++;
  let sep = data.slice(sepStart, p);
  // Quirk of the reference's machine: when nothing follows the operator that can start the
  // separator or a number (the end, or a letter or "."), the separator's error and end actions
  // run with the token start still at the operator, so the separator reads as the operator.
  if (sep === "" && op !== "") {
    const c = p < n ? data.charCodeAt(p) : -1;
    if (!(isDigit(c) || c === 0x2a || c === 0x78 || c === 0x58)) sep = op;
  }
  const nums: [string, string, string] = ["", "", ""];
  let numCt = 0;
  let pre = "";
  let meta = "";
  const done = (): readonly [RawConstraint, string] => [{ op, sep, nums, numCt, pre, meta }, data.slice(p)];

  for (;;) {
    if (p >= n) return done();
    const c = data.charCodeAt(p);
    const start = p;
    if (isDigit(c)) {
      while (p < n && isDigit(data.charCodeAt(p))) p++;
    } else if (c === 0x2a || c === 0x78 || c === 0x58) {
      p++;
    } else {
      return done();
    }
    if (numCt < 3) nums[numCt] = data.slice(start, p);
    numCt++;
    if (p < n && data.charCodeAt(p) === 0x2e) {
      p++;
      continue;
    }
    break;
  }
  for (const [marker, set] of [
    [0x2d, (s: string) => (pre = s)],
    [0x2b, (s: string) => (meta = s)],
  ] as const) {
    if (p >= n || data.charCodeAt(p) !== marker) continue;
    p++;
    const start = p;
    while (p < n && isExtra(data.charCodeAt(p))) p++;
    if (p === start) return done();
    set(data.slice(start, p));
  }
  return done();
}
