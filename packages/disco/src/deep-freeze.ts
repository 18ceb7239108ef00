// Deep freezing of cached documents: a Host is shared by every caller, so none may change it.
// Iterative: a document may nest as deep as Go's decoder allows (10,000), deeper than the stack.

export function deepFreeze(value: unknown): void {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined || pending.length > 0; next = pending.pop()) {
    if (typeof next !== "object" || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const inner of Object.values(next)) pending.push(inner);
  }
}
