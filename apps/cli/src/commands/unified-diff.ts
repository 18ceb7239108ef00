// A unified diff of two texts by lines, in the form `diff -u --label=old/P --label=new/P` prints
// it (what `tofu fmt -diff` runs): a shortest edit script (Myers), deletions before insertions
// in each run of changes, hunks with three lines of context, `\ No newline at end of file`
// where a text does not end with one. Where several shortest scripts exist (texts with many
// equal lines) diff(1) may pair the lines differently; formatting changes lines in place, where
// the two agree.

const CONTEXT = 3;

type Op = { readonly kind: " " | "-" | "+"; readonly line: string; readonly last: boolean };

/** Lines with their newline removed; `last` marks a final line without a newline. */
function splitLines(text: string): { lines: string[]; noNewline: boolean } {
  if (text === "") return { lines: [], noNewline: false };
  const lines = text.split("\n");
  const noNewline = lines[lines.length - 1] !== "";
  if (!noNewline) lines.pop();
  return { lines, noNewline };
}

/** The edit script from `a` to `b` (Myers 1986, greedy forward search with a trace). */
function editScript(a: readonly string[], b: readonly string[]): (" " | "-" | "+")[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
    v = next;
  }
  // Walk the trace back from the end.
  const ops: (" " | "-" | "+")[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const tv = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && tv[offset + k - 1]! < tv[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : tv[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push(" ");
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) {
        ops.push("+");
        y--;
      } else {
        ops.push("-");
        x--;
      }
    }
  }
  return ops.reverse();
}

/** The unified diff of `before` → `after` for `path`; empty when they are equal. */
export function unifiedDiff(before: string, after: string, path: string): string {
  if (before === after) return "";
  const a = splitLines(before);
  const b = splitLines(after);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  // A last line without its newline differs from the same text with one, as for diff(1); the
  // script is searched from the end, which prefers the pairings diff(1) shows.
  const key = (t: { lines: string[]; noNewline: boolean }) =>
    t.lines.map((l, k) => (k === t.lines.length - 1 && t.noNewline ? `${l}\u0000` : l)).reverse();
  for (const kind of editScript(key(a), key(b)).reverse()) {
    if (kind === " ") {
      ops.push({ kind, line: a.lines[i]!, last: i === a.lines.length - 1 && a.noNewline });
      i++;
      j++;
    } else if (kind === "-") {
      ops.push({ kind, line: a.lines[i]!, last: i === a.lines.length - 1 && a.noNewline });
      i++;
    } else {
      ops.push({ kind, line: b.lines[j]!, last: j === b.lines.length - 1 && b.noNewline });
      j++;
    }
  }
  // Within each run of changes, deletions come first, as diff(1) prints them.
  for (let r = 0; r < ops.length; ) {
    if (ops[r]!.kind === " ") {
      r++;
      continue;
    }
    let e = r;
    while (e < ops.length && ops[e]!.kind !== " ") e++;
    const run = ops.slice(r, e);
    ops.splice(r, e - r, ...run.filter((x) => x.kind === "-"), ...run.filter((x) => x.kind === "+"));
    r = e;
  }
  let out = `--- old/${path}\n+++ new/${path}\n`;
  // Positions (1-based) of each op in the old and new text.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let o = 1;
  let p = 1;
  for (const op of ops) {
    oldAt.push(o);
    newAt.push(p);
    if (op.kind !== "+") o++;
    if (op.kind !== "-") p++;
  }
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.kind === " ") {
      k++;
      continue;
    }
    const start = Math.max(0, k - CONTEXT);
    let end = k;
    // Extend while changes are within twice the context of each other.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== " ") end++;
      let gap = end;
      while (gap < ops.length && ops[gap]!.kind === " ") gap++;
      if (gap < ops.length && gap - end <= 2 * CONTEXT) {
        end = gap;
        continue;
      }
      end = Math.min(ops.length, end + CONTEXT);
      break;
    }
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((h) => h.kind !== "+").length;
    const newCount = hunk.filter((h) => h.kind !== "-").length;
    const oldStart = oldCount === 0 ? oldAt[start]! - 1 : oldAt[start]!;
    const newStart = newCount === 0 ? newAt[start]! - 1 : newAt[start]!;
    out += `@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@\n`;
    for (const h of hunk) out += `${h.kind}${h.line}\n${h.last ? "\\ No newline at end of file\n" : ""}`;
    k = end;
  }
  return out;
}

function range(start: number, count: number): string {
  return count === 1 ? String(start) : `${start},${count}`;
}
