// `pnpm bench-request FILE [N]`: runs the first request of a vector file N times in-process after a
// warm-up and prints nanoseconds per operation on its last line.
import { resolve } from "node:path";
import { runners } from "./ops/index.js";
import { readVectorFile } from "./vectors.js";

function main(argv: string[]): number {
  const [file, count] = argv;
  if (file === undefined || file === "--help") {
    process.stderr.write("usage: pnpm bench-request FILE [N]\n");
    return 2;
  }
  const iterations = count === undefined ? 10_000 : Number.parseInt(count, 10);
  if (!Number.isSafeInteger(iterations) || iterations < 1) {
    process.stderr.write(`N must be a positive integer, got ${count}\n`);
    return 2;
  }
  const { vectors } = readVectorFile(resolve(process.env.INIT_CWD ?? process.cwd(), file));
  const vector = vectors[0];
  if (vector === undefined) {
    process.stderr.write(`${file} holds no request\n`);
    return 2;
  }
  const runner = runners.get(String(vector.data.op));
  if (runner === undefined) {
    process.stderr.write(`no runner for op ${String(vector.data.op)}\n`);
    return 2;
  }
  const warmup = Math.min(iterations, 1000);
  for (let i = 0; i < warmup; i++) runner.run(vector);
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) runner.run(vector);
  const elapsed = process.hrtime.bigint() - start;
  const verdict = runner.compare(vector, runner.run(vector));
  process.stdout.write(
    `${vector.data.op} line ${vector.line}: ${verdict === null ? "answer matches" : `answer differs: ${verdict}`}\n`,
  );
  process.stdout.write(`${iterations} runs\n`);
  process.stdout.write(`${(Number(elapsed) / iterations).toFixed(1)} ns/op\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
