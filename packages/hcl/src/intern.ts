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

/** The entry of `table` for `text`, made by `make` and kept when there is none. */
function shared<T>(table: Map<string, T>, text: string, make: (text: string) => T): T {
  let entry = table.get(text);
  if (entry === undefined) {
    entry = make(text);
    if (table.size >= MAX_ENTRIES) table.clear();
    table.set(text, entry);
  }
  return entry;
}

const sameText = (text: string): string => text;
const frozenNumber = (text: string): Literal => Object.freeze({ type: "number", text });
const frozenString = (value: string): Literal => Object.freeze({ type: "string", value });

/** The shared copy of the name `name`. */
export function internName(name: string): string {
  return name.length > MAX_SHARED_LENGTH ? name : shared(names, name, sameText);
}

/** The literal of the number written `text` (a valid number literal). */
export function numberLiteral(text: string): Literal {
  return text.length > MAX_SHARED_LENGTH ? { type: "number", text } : shared(numbers, text, frozenNumber);
}

/** The literal of the string `value`. */
export function stringLiteral(value: string): Literal {
  return value.length > MAX_SHARED_LENGTH ? { type: "string", value } : shared(strings, value, frozenString);
}
