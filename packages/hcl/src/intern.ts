// Shared copies of the small immutable parts a syntax tree repeats: names, and the literals of
// numbers and strings. A large file writes the same names and constants thousands of times;
// giving each node the one copy made before (kept from parse to parse, as it is immutable)
// leaves the tree fewer objects for the garbage collector to move while it is being built.
import type { Literal } from "./ast.js";

/** Entries per table; a full table is emptied and starts again (it is a cache, not a record). */
const MAX_ENTRIES = 4096;

/**
 * The longest text shared. V8 makes a longer slice of the source a view into the whole source,
 * so a table that kept one would keep a large file's whole text alive after its parse; texts
 * this short are copies of their own. Long texts are also the rarely repeated ones.
 */
const MAX_SHARED_LENGTH = 12;

const names = new Map<string, string>();
const numbers = new Map<string, Literal>();
const strings = new Map<string, Literal>();

/** The shared copy of the name `name`. */
export function internName(name: string): string {
  if (name.length > MAX_SHARED_LENGTH) return name;
  const shared = names.get(name);
  if (shared !== undefined) return shared;
  if (names.size >= MAX_ENTRIES) names.clear();
  names.set(name, name);
  return name;
}

/** The literal of the number written `text` (a valid number literal). */
export function numberLiteral(text: string): Literal {
  if (text.length > MAX_SHARED_LENGTH) return { type: "number", text };
  let lit = numbers.get(text);
  if (lit === undefined) {
    lit = Object.freeze({ type: "number", text });
    if (numbers.size >= MAX_ENTRIES) numbers.clear();
    numbers.set(text, lit);
  }
  return lit;
}

/** The literal of the string `value`. */
export function stringLiteral(value: string): Literal {
  if (value.length > MAX_SHARED_LENGTH) return { type: "string", value };
  let lit = strings.get(value);
  if (lit === undefined) {
    lit = Object.freeze({ type: "string", value });
    if (strings.size >= MAX_ENTRIES) strings.clear();
    strings.set(value, lit);
  }
  return lit;
}
