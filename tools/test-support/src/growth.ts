// Growth measurement for the benchmarks: the exponent of a run's time against its input size.
// Tests never call this: on a busy machine a ratio of durations is noise, so tests keep their
// linear-time guarantees with inputs too large for quadratic work to finish within a timeout.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full collection before each timed run, so garbage left by earlier runs (of any size) is not
// charged to the next one; the run's own allocation and collection still count.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function fastestRun(run: () => void, repeats: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeats; i++) {
    collectGarbage();
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export interface Growth {
  /** The least-squares slope of log(time) against log(size): 1 for linear work, 2 for quadratic. */
  readonly exponent: number;
  /** The fastest run of each size, in milliseconds. */
  readonly times: readonly number[];
}

/**
 * Measures how the time of `run` grows with its input. `make` builds the input outside the timed
 * part; sizes should be large enough that each run takes 20 ms or more, so timer resolution and
 * scheduling noise stay small beside the work.
 */
export function growth<T>(
  sizes: readonly number[],
  make: (size: number) => T,
  run: (input: T) => void,
  repeats = 5,
): Growth {
  // Sizes take turns, so a burst of load on the machine falls on all of them alike.
  const inputs = sizes.map(make);
  for (const input of inputs) run(input);
  const times = sizes.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < repeats; r++) {
    inputs.forEach((input, k) => {
      times[k] = Math.min(
        times[k] as number,
        fastestRun(() => run(input), 1),
      );
    });
  }
  const xs = sizes.map(Math.log);
  const ys = times.map((t) => Math.log(Math.max(t, 0.001)));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return { exponent: num / den, times };
}

/** One growth case of a benchmark file: a label, the sizes, how to build an input and what to time. */
export interface GrowthCase<T> {
  readonly label: string;
  readonly sizes: readonly number[];
  readonly make: (size: number) => T;
  readonly run: (input: T) => void;
  readonly repeats?: number;
}

/**
 * Measures each case and prints one line per case, `growth <label>: exponent 1.02 (n=…: … ms)`.
 * Benchmark files call it when `npm run bench` collects them; the line is the figure to quote.
 */
// biome-ignore lint/suspicious/noExplicitAny: each case has its own input type
export function reportGrowth(title: string, cases: readonly GrowthCase<any>[]): void {
  for (const c of cases) {
    const { exponent, times } = growth(c.sizes, c.make, c.run, c.repeats);
    const points = c.sizes.map((n, i) => `n=${n}: ${(times[i] as number).toFixed(1)} ms`).join(", ");
    process.stdout.write(`growth ${title} ${c.label}: exponent ${exponent.toFixed(2)} (${points})\n`);
  }
}
