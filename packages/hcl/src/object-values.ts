// Object values from attributes written in source order: sorting them into cty's attribute order
// and sharing the types of the shapes a file repeats.
import { compareStrings, type ObjectType, objectValSorted, type Value } from "@tofukit/cty";

/** Up to this many attributes, an insertion sort: fewer comparisons and no allocation. */
const INSERTION_SORT_MAX = 32;

/**
 * Sorts attribute names, and their values alongside, into cty's order (UTF-8 byte order), in
 * place. The sort is stable: equal names keep their source order.
 */
export function sortAttributes<T>(keys: string[], values: T[]): void {
  const n = keys.length;
  if (n <= INSERTION_SORT_MAX) {
    for (let i = 1; i < n; i++) {
      const k = keys[i] as string;
      const v = values[i] as T;
      let j = i - 1;
      while (j >= 0 && compareStrings(keys[j] as string, k) > 0) {
        keys[j + 1] = keys[j] as string;
        values[j + 1] = values[j] as T;
        j--;
      }
      keys[j + 1] = k;
      values[j + 1] = v;
    }
    return;
  }
  const order = keys.map((_, i) => i).sort((a, b) => compareStrings(keys[a] as string, keys[b] as string));
  const sortedKeys = order.map((i) => keys[i] as string);
  const sortedValues = order.map((i) => values[i] as T);
  for (let i = 0; i < n; i++) {
    keys[i] = sortedKeys[i] as string;
    values[i] = sortedValues[i] as T;
  }
}

/** How many recent object types are offered to cty as hints. */
const RECENT_OBJECT_TYPES = 8;

/**
 * Builds object values, offering cty the object types it built recently: large files repeat the
 * same few shapes thousands of times, and a matching hint spares building the type again.
 */
export class ObjectValues {
  private readonly recent: ObjectType[] = [];

  /** The object of attributes already in cty's order with unique names; keeps the arrays. */
  build(keys: readonly string[], values: readonly Value[]): Value {
    const recent = this.recent;
    const value = objectValSorted(keys, values, recent);
    const type = value.type as ObjectType;
    if (recent[0] !== type) {
      // Moved (or added) to the front by hand: splice would allocate an array per object.
      let at = recent.indexOf(type);
      if (at < 0) at = recent.length < RECENT_OBJECT_TYPES ? recent.length : RECENT_OBJECT_TYPES - 1;
      for (let k = at; k > 0; k--) recent[k] = recent[k - 1]!;
      recent[0] = type;
    }
    return value;
  }

  /**
   * As build, for an object constructor of static keys: `hints` are the types that constructor's
   * shape built last (most recent first, updated here), offered before the recent types of all
   * shapes. An attribute of a file, or a `for` body, mostly builds objects of the type it built
   * the time before.
   */
  buildShaped(keys: readonly string[], values: readonly Value[], hints: ObjectType[]): Value {
    const value = objectValSorted(keys, values, hints.length > 0 ? hints : this.recent);
    const type = value.type as ObjectType;
    if (hints[0] !== type) {
      if (hints.length < SHAPE_HINTS) hints.push(type);
      for (let k = hints.length - 1; k > 0; k--) hints[k] = hints[k - 1]!;
      hints[0] = type;
    }
    return value;
  }
}

/** How many types an object constructor's shape remembers (see buildShaped). */
const SHAPE_HINTS = 2;
