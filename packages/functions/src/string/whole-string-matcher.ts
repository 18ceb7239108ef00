// A yes/no matcher for patterns anchored at both ends (see anchored-pattern.ts): the pattern's
// body compiled to a Thompson NFA and run as a DFA built lazily, one state per set of NFA states
// reached, with the transitions on ASCII code points kept in a typed array. Time is linear in
// the string; the DFA has a bounded number of states, and a match that needs more goes on by NFA
// simulation. RE2 itself is still the reference: this only answers what RE2 would answer.
import { type CodePointSet, type PatternNode, parseAnchoredPattern, setHas } from "./anchored-pattern.js";

/** NFA size above which a pattern gets no fast path (a `{n,m}` copies its operand). */
const MAX_NFA_STATES = 4000;
/** DFA states kept per pattern; past this a match continues by NFA simulation. */
const MAX_DFA_STATES = 512;
/** Cached transitions on code points above ASCII, across all states of one pattern. */
const MAX_WIDE_TRANSITIONS = 4096;

const ASCII = 128;
const UNKNOWN = -1;
/** The DFA state of the empty NFA set: nothing can match any more. */
const DEAD = 0;

const OP_SET = 0;
const OP_SPLIT = 1;
const OP_MATCH = 2;

/** Thrown while compiling when the NFA would exceed MAX_NFA_STATES. */
class TooLarge extends Error {}

/** A Thompson NFA: each state consumes one code point of a set, splits in two, or accepts. */
class Nfa {
  readonly op: number[] = [];
  readonly out: number[] = [];
  readonly out1: number[] = [];
  readonly sets: (CodePointSet | null)[] = [];
  readonly start: number;

  constructor(body: PatternNode) {
    const accept = this.add(OP_MATCH, -1, -1, null);
    this.start = this.compile(body, accept);
  }

  private add(op: number, out: number, out1: number, set: CodePointSet | null): number {
    if (this.op.length >= MAX_NFA_STATES) throw new TooLarge();
    this.op.push(op);
    this.out.push(out);
    this.out1.push(out1);
    this.sets.push(set);
    return this.op.length - 1;
  }

  /** The states for `node` followed by state `next`; returns the entry state (built back to front). */
  private compile(node: PatternNode, next: number): number {
    switch (node.kind) {
      case "set":
        return this.add(OP_SET, next, -1, node.set);
      case "concat": {
        let entry = next;
        for (let i = node.items.length - 1; i >= 0; i--) entry = this.compile(node.items[i]!, entry);
        return entry;
      }
      case "alternate": {
        let entry = this.compile(node.items[node.items.length - 1]!, next);
        for (let i = node.items.length - 2; i >= 0; i--) {
          entry = this.add(OP_SPLIT, this.compile(node.items[i]!, next), entry, null);
        }
        return entry;
      }
      case "repeat": {
        let entry = next;
        if (node.max === -1) {
          const loop = this.add(OP_SPLIT, -1, next, null);
          this.out[loop] = this.compile(node.item, loop);
          entry = loop;
        } else {
          // Up to max - min optional copies, each one either skipped to `next` or taken.
          for (let k = node.min; k < node.max; k++)
            entry = this.add(OP_SPLIT, this.compile(node.item, entry), next, null);
        }
        for (let k = 0; k < node.min; k++) entry = this.compile(node.item, entry);
        return entry;
      }
    }
  }
}

/** Answers whether a string is, as a whole, in the language of an anchored pattern. */
export interface WholeStringMatcher {
  /**
   * Whether `s` as a whole matches; undefined when the string has surrogate code units, which
   * the matcher leaves to RE2.
   */
  matches(s: string): boolean | undefined;
}

/** The NFA run as a DFA built on demand. */
class LazyDfa implements WholeStringMatcher {
  private readonly op: Uint8Array;
  private readonly out: Int32Array;
  private readonly out1: Int32Array;
  private readonly sets: readonly (CodePointSet | null)[];
  /** Marks for de-duplicating NFA states while following splits. */
  private readonly seen: Uint32Array;
  private generation = 0;

  /** Per DFA state: its NFA states (those that consume or accept), sorted. */
  private readonly dfaSets: Int32Array[] = [];
  private readonly dfaIds = new Map<string, number>();
  private accepting = new Uint8Array(16);
  /** transitions[state * 128 + c] for ASCII c: the next DFA state, or UNKNOWN. */
  private transitions = new Int32Array(16 * ASCII).fill(UNKNOWN);
  private readonly wide = new Map<number, number>();
  private readonly start: number;

  constructor(nfa: Nfa) {
    const n = nfa.op.length;
    this.op = Uint8Array.from(nfa.op);
    this.out = Int32Array.from(nfa.out);
    this.out1 = Int32Array.from(nfa.out1);
    this.sets = nfa.sets;
    this.seen = new Uint32Array(n);
    const dead = this.stateOf(new Int32Array(0));
    this.transitions.fill(DEAD, dead * ASCII, dead * ASCII + ASCII);
    this.start = this.stateOf(this.closure([nfa.start]));
  }

  /** Without surrogate code units, each code unit is one code point. */
  matches(s: string): boolean | undefined {
    let d = this.start;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      let next = c < ASCII ? this.transitions[d * ASCII + c]! : UNKNOWN;
      if (next === UNKNOWN) {
        if (c >= 0xd800 && c <= 0xdfff) return undefined;
        next = this.transition(d, c);
        if (next === UNKNOWN) return this.simulate(this.dfaSets[d]!, s, i);
      }
      if (next === DEAD) return hasNoSurrogates(s, i + 1) ? false : undefined;
      d = next;
    }
    return this.accepting[d] === 1;
  }

  /** The DFA state after `c` from state `d`, created and cached if new; UNKNOWN past the bound. */
  private transition(d: number, c: number): number {
    const wideKey = d * 0x10000 + c;
    if (c >= ASCII) {
      const hit = this.wide.get(wideKey);
      if (hit !== undefined) return hit;
    }
    const next = this.stateOf(this.step(this.dfaSets[d]!, c));
    if (next === UNKNOWN) return UNKNOWN;
    if (c < ASCII) this.transitions[d * ASCII + c] = next;
    else if (this.wide.size < MAX_WIDE_TRANSITIONS) this.wide.set(wideKey, next);
    return next;
  }

  /** The rest of the match from position `i` without the DFA, for when it is full. */
  private simulate(states: Int32Array, s: string, i: number): boolean | undefined {
    let current = states;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) return undefined;
      current = this.step(current, c);
    }
    return this.accepts(current);
  }

  /** The NFA states reached from `states` by consuming `c`. */
  private step(states: Int32Array, c: number): Int32Array {
    const targets: number[] = [];
    for (const q of states) if (this.op[q] === OP_SET && setHas(this.sets[q]!, c)) targets.push(this.out[q]!);
    return this.closure(targets);
  }

  /** The consuming and accepting states reachable from `entries` through splits, sorted. */
  private closure(entries: readonly number[]): Int32Array {
    const gen = ++this.generation;
    if (gen === 0xffffffff) {
      this.seen.fill(0);
      this.generation = 1;
    }
    const mark = this.generation;
    const found: number[] = [];
    const stack = [...entries];
    while (stack.length > 0) {
      const q = stack.pop()!;
      if (this.seen[q] === mark) continue;
      this.seen[q] = mark;
      if (this.op[q] === OP_SPLIT) stack.push(this.out1[q]!, this.out[q]!);
      else found.push(q);
    }
    return Int32Array.from(found).sort();
  }

  private accepts(states: Int32Array): boolean {
    for (const q of states) if (this.op[q] === OP_MATCH) return true;
    return false;
  }

  /** The DFA state for a set of NFA states, added if new; UNKNOWN when the DFA is full. */
  private stateOf(states: Int32Array): number {
    const key = states.join(",");
    const known = this.dfaIds.get(key);
    if (known !== undefined) return known;
    const id = this.dfaSets.length;
    if (id >= MAX_DFA_STATES) return UNKNOWN;
    if (id >= this.accepting.length) {
      const accepting = new Uint8Array(this.accepting.length * 2);
      accepting.set(this.accepting);
      this.accepting = accepting;
      const transitions = new Int32Array(this.transitions.length * 2).fill(UNKNOWN);
      transitions.set(this.transitions);
      this.transitions = transitions;
    }
    this.dfaSets.push(states);
    this.dfaIds.set(key, id);
    this.accepting[id] = this.accepts(states) ? 1 : 0;
    return id;
  }
}

function hasNoSurrogates(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return false;
  }
  return true;
}

/**
 * A whole-string matcher for `pattern` when it is `^…$` in the subset anchored-pattern.ts reads
 * and its NFA is small enough; otherwise null, and RE2 answers. Only for patterns that RE2
 * compiled and that have no capture groups: then RE2's match, if any, is the whole string.
 */
export function wholeStringMatcher(pattern: string): WholeStringMatcher | null {
  const body = parseAnchoredPattern(pattern);
  if (body === null) return null;
  try {
    return new LazyDfa(new Nfa(body));
  } catch (e) {
    if (e instanceof TooLarge) return null;
    throw e;
  }
}
