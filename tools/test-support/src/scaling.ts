// Growth measurement for scaling tests: the exponent of a run's time against its input size.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full collection before each timed run, so garbage left by earlier runs (of any size) is not
// charged to the next one; the run's own allocation and collection still count.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** The fastest of `repeats` runs, in milliseconds: the minimum is what a busy machine disturbs least. */
export function fastestRun(run: () => void, repeats: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeats; i++) {
    collectGarbage();
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * The least-squares slope of log(time) against log(size): 1 for linear work, 2 for quadratic.
 * `make` builds the input outside the timed part; sizes should be large enough that each run
 * takes 20 ms or more, so timer resolution and scheduling noise stay small beside the work.
 */
export function scalingExponent<T>(
  sizes: readonly number[],
  make: (size: number) => T,
  run: (input: T) => void,
  repeats = 5,
): { exponent: number; times: number[] } {
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
