// Deadlines of in-flight requests kept on one shared timer. Arming and clearing a timer per
// request costs more than the rest of a kept-alive discovery's bookkeeping; with a shared timer
// a burst of requests arms it once per timeout period.

interface Entry {
  readonly at: number;
  readonly onExpire: () => void;
}

export class Deadlines {
  readonly #pending = new Set<Entry>();
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  /** Calls `onExpire` after `ms` unless the returned function is called first. */
  add(ms: number, onExpire: () => void): () => void {
    const entry: Entry = { at: performance.now() + ms, onExpire };
    this.#pending.add(entry);
    if (entry.at < this.#timerAt) this.#arm(entry.at);
    return () => {
      this.#pending.delete(entry);
    };
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, at - performance.now()));
    // Pending requests keep the process alive through their sockets; the timer need not.
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.#pending) {
      if (entry.at <= now) {
        this.#pending.delete(entry);
        entry.onExpire();
      } else if (entry.at < next) {
        next = entry.at;
      }
    }
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
  }
}
