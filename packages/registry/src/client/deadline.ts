// A time limit on a whole download (request, retries and body), beside the caller's own signal:
// telling the two apart is what lets a timeout say so rather than "request canceled".

export class Deadline {
  readonly signal: AbortSignal | undefined;
  readonly #timer: AbortSignal | undefined;

  constructor(signal: AbortSignal | undefined, milliseconds: number | undefined) {
    this.#timer =
      milliseconds !== undefined && Number.isFinite(milliseconds)
        ? AbortSignal.timeout(Math.max(0, milliseconds))
        : undefined;
    const both = [signal, this.#timer].filter((s): s is AbortSignal => s !== undefined);
    this.signal = both.length > 1 ? AbortSignal.any(both) : both[0];
  }

  /** True once the time is up (and not because the caller gave up first). */
  expired(): boolean {
    return this.#timer?.aborted === true;
  }
}
