// A bounded cache of parsed type constraints. Modules declare the same few constraints over and
// over, and a parsed constraint is immutable, so a repeated parse can return the first result.
import { convertDefault } from "./convert-default.js";
import { parseTypeConstraintWith, type TypeConstraint } from "./type-constraint.js";

/**
 * Parses type constraints like parseTypeConstraint, remembering the last `limit` successful
 * results by filename and source text (least recently used first out). Failures are not cached.
 */
export class TypeConstraintCache {
  private readonly entries = new Map<string, TypeConstraint>();
  private readonly limit: number;

  constructor(limit = 512) {
    this.limit = Math.max(1, Math.floor(limit));
  }

  parse(src: string, filename = "<type>"): TypeConstraint {
    const key = `${filename}\u0000${src}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Map iteration follows insertion order: re-inserting marks the entry as recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const parsed = parseTypeConstraintWith(src, filename, convertDefault);
    this.entries.set(key, parsed);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    return parsed;
  }

  /** Forgets every cached constraint. */
  clear(): void {
    this.entries.clear();
  }
}
