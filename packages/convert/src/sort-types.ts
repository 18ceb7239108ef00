// Preference order among candidate types for unification (cty's compareTypes and sortTypes).

import type { Type } from "@tofukit/cty";

/**
 * Negative when `a` is preferred over `b`: `any` last; string beats the other primitives;
 * collections of the same kind by element; list beats tuple, map beats object; lists and
 * tuples beat sets; objects and tuples of equal shape member by member.
 */
function compareTypes(a: Type, b: Type): number {
  if (a.kind === "dynamic" || b.kind === "dynamic") {
    if (a.kind !== "dynamic") return -1;
    if (b.kind !== "dynamic") return 1;
    return 0;
  }
  const ap = a.kind === "string" || a.kind === "number" || a.kind === "bool";
  const bp = b.kind === "string" || b.kind === "number" || b.kind === "bool";
  if (ap && bp && (a.kind === "string" || b.kind === "string")) {
    if (a.kind !== "string") return 1;
    if (b.kind !== "string") return -1;
    return 0;
  }
  if (
    (a.kind === "list" && b.kind === "list") ||
    (a.kind === "set" && b.kind === "set") ||
    (a.kind === "map" && b.kind === "map")
  ) {
    return compareTypes(a.element, b.element);
  }
  let x = a;
  let y = b;
  let swap = 1;
  if (
    (x.kind === "tuple" && y.kind === "list") ||
    (x.kind === "object" && y.kind === "map") ||
    (x.kind === "set" && y.kind === "tuple") ||
    (x.kind === "set" && y.kind === "list")
  ) {
    [x, y] = [y, x];
    swap = -1;
  }
  if (y.kind === "set" && (x.kind === "tuple" || x.kind === "list")) return -1 * swap;
  if (x.kind === "list" && y.kind === "tuple") return -1 * swap;
  if (x.kind === "map" && y.kind === "object") return -1 * swap;
  if (x.kind === "object" && y.kind === "object") {
    if (x.attributes.size !== y.attributes.size) return 0;
    let aSuper = false;
    let bSuper = false;
    for (const [name, xt] of x.attributes) {
      const yt = y.attributes.get(name);
      if (yt === undefined) return 0;
      const c = compareTypes(xt, yt);
      if (c < 0) aSuper = true;
      else if (c > 0) bSuper = true;
    }
    return memberVerdict(aSuper, bSuper, swap);
  }
  if (x.kind === "tuple" && y.kind === "tuple") {
    if (x.elements.length !== y.elements.length) return 0;
    let aSuper = false;
    let bSuper = false;
    for (let i = 0; i < x.elements.length; i++) {
      const c = compareTypes(x.elements[i]!, y.elements[i]!);
      if (c < 0) aSuper = true;
      else if (c > 0) bSuper = true;
    }
    return memberVerdict(aSuper, bSuper, swap);
  }
  return 0;
}

function memberVerdict(aSuper: boolean, bSuper: boolean, swap: number): number {
  if (aSuper && bSuper) return 0;
  if (aSuper) return -1 * swap;
  if (bSuper) return swap;
  return 0;
}

/**
 * Indexes of `types` in preference order: a topological order of the "preferred over"
 * relation (Kahn's algorithm, FIFO), as cty's sortTypes. Positions the walk never reaches
 * stay 0, as they do in cty.
 */
export function sortTypes(types: readonly Type[]): number[] {
  const n = types.length;
  const edges: number[][] = Array.from({ length: n }, () => []);
  const inDegree = new Array<number>(n).fill(0);
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      const c = compareTypes(types[i]!, types[j]!);
      if (c < 0) {
        edges[i]!.push(j);
        inDegree[j]!++;
      } else if (c > 0) {
        edges[j]!.push(i);
        inDegree[i]!++;
      }
    }
  }
  const result = new Array<number>(n).fill(0);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (inDegree[i] === 0) result[tail++] = i;
  while (head < tail) {
    const i = result[head++]!;
    for (const j of edges[i]!) {
      inDegree[j]!--;
      if (inDegree[j] === 0) result[tail++] = j;
    }
  }
  return result;
}
