// `pnpm bench:linearity [SIZE ...]`: how the time of defaults + conversion of the seed's bucket
// list grows with its length. vitest's benches run one size after the other, so a spell of a
// busy machine lands on one size and not on the other; here the sizes take turns, round after
// round, and the medians are compared. For each size it prints the median time per call, the
// time per element, the ratio to the smallest size scaled by length (1.00 is linear), and per
// call the garbage-collection time and the page faults (memory the process touches for the
// first time, a cost of its own on virtual machines). Each measurement starts from a collected
// heap (node --expose-gc), so that no size pays for the garbage the previous one left.

import { PerformanceObserver } from "node:perf_hooks";
import { convertWithDefaults } from "../src/convert-with-defaults.js";
import { seedBucketsDefaults, seedBucketsInput, seedBucketsType } from "./seed-buckets.js";
import { sharingObjectTypes } from "./shared-types.js";

const ROUNDS = 11;
/** Elements converted per size and round: small sizes repeat the call to time it reliably. */
const ELEMENTS_PER_ROUND = 400_000;

interface Sample {
  msPerCall: number;
  gcMsPerCall: number;
  faultsPerCall: number;
}

let gcMs = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
});

const collect = (globalThis as { gc?: () => void }).gc;

/** Lets the observer deliver the collections of the calls just timed. */
function settle(): Promise<void> {
  return new Promise((done) => setTimeout(done, 0));
}

async function measure(n: number, input: ReturnType<typeof seedBucketsInput>): Promise<Sample> {
  const calls = Math.max(3, Math.round(ELEMENTS_PER_ROUND / n));
  collect!();
  await settle();
  gcMs = 0;
  const faults = process.resourceUsage().minorPageFault;
  const start = performance.now();
  for (let i = 0; i < calls; i++) convertWithDefaults(input, seedBucketsType, seedBucketsDefaults);
  const ms = performance.now() - start;
  const touched = process.resourceUsage().minorPageFault - faults;
  await settle();
  return { msPerCall: ms / calls, gcMsPerCall: gcMs / calls, faultsPerCall: touched / calls };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(argv: string[]): Promise<number> {
  const sizes = argv.length > 0 ? argv.map(Number) : [2000, 20000, 60000, 100000];
  if (collect === undefined) {
    process.stderr.write("run with node --expose-gc (pnpm bench:linearity does)\n");
    return 2;
  }
  if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) {
    process.stderr.write("usage: pnpm bench:linearity [SIZE ...] (positive integers)\n");
    return 2;
  }
  // Inputs as the readers build them (see shared-types.ts).
  const inputs = sizes.map((n) => seedBucketsInput(n, sharingObjectTypes()));
  for (let k = 0; k < sizes.length; k++) await measure(sizes[k]!, inputs[k]!);
  observer.observe({ entryTypes: ["gc"] });
  const samples: Sample[][] = sizes.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < sizes.length; k++) samples[k]!.push(await measure(sizes[k]!, inputs[k]!));
  }
  observer.disconnect();

  const rows = sizes.map((n, k) => {
    const s = samples[k]!;
    return {
      n,
      ms: median(s.map((x) => x.msPerCall)),
      gc: median(s.map((x) => x.gcMsPerCall)),
      faults: median(s.map((x) => x.faultsPerCall)),
    };
  });
  const base = rows[0]!;
  const lines = [
    `defaults + conversion of the seed's bucket list, medians of ${ROUNDS} interleaved rounds (node ${process.version})`,
    "elements     ms/call   µs/element   × linear   gc ms/call   faults/call",
  ];
  for (const r of rows) {
    const linear = r.ms / ((base.ms * r.n) / base.n);
    lines.push(
      [
        String(r.n).padStart(8),
        r.ms.toFixed(3).padStart(11),
        ((1000 * r.ms) / r.n).toFixed(3).padStart(12),
        linear.toFixed(2).padStart(10),
        r.gc.toFixed(3).padStart(12),
        r.faults.toFixed(0).padStart(13),
      ].join(""),
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
