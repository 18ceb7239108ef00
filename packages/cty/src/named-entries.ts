/** Named entries given as a record, a Map or an iterable of `[name, item]` pairs. */
export type NamedEntries<T> =
  | Readonly<Record<string, T>>
  | ReadonlyMap<string, T>
  | Iterable<readonly [string, T]>;

/**
 * Appends each entry's name and item, in the order given, to `names` and `items`: two aligned
 * arrays rather than a pair per entry (a Map's forEach hands each entry over without the pair its
 * entries iterator would allocate).
 */
export function collectEntries<T>(entries: NamedEntries<T>, names: string[], items: T[]): void {
  if (entries instanceof Map) {
    (entries as ReadonlyMap<string, T>).forEach((item, name) => {
      names.push(name);
      items.push(item);
    });
  } else if (typeof (entries as Iterable<unknown>)[Symbol.iterator] === "function") {
    for (const [name, item] of entries as Iterable<readonly [string, T]>) {
      names.push(name);
      items.push(item);
    }
  } else {
    const record = entries as Readonly<Record<string, T>>;
    for (const name of Object.keys(record)) {
      names.push(name);
      items.push(record[name]!);
    }
  }
}
