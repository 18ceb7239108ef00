// `pnpm conformance [DIR] [--all] [--report FILE]`: runs every vector file of DIR (default: the
// committed copy) through tofukit's public API, prints `<file>: N passed, M failed` per file,
// then the failures, and exits 1 if any vector failed.
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readAlternatives } from "./alternatives.js";
import { runners } from "./ops/index.js";
import { runFile } from "./run-file.js";
import { readVectorDirectory } from "./vectors.js";

const defaultDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "conformance", "vectors");

function main(argv: string[]): number {
  let dir = defaultDir;
  let report: string | undefined;
  let showAll = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--report") report = argv[++i];
    else if (arg === "--all") showAll = true;
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write("usage: pnpm conformance [DIR] [--all] [--report FILE]\n");
      return 0;
    } else dir = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  }
  const files = readVectorDirectory(dir);
  const alternatives = readAlternatives(dir);
  const results = files.map((file) => runFile(file, runners, alternatives.get(`${file.name}.jsonl`)));
  for (const r of results) {
    process.stdout.write(
      r.ran ? `${r.name}: ${r.passed} passed, ${r.failed} failed\n` : `${r.name}: not run (${r.why})\n`,
    );
  }
  for (const r of results) {
    if (r.viaAlternative.length === 0) continue;
    const lines = r.viaAlternative.join(", ");
    process.stdout.write(
      `${r.name}: line ${lines} matched a documented alternative (conformance/alternatives.json)\n`,
    );
  }
  const limit = showAll ? Number.POSITIVE_INFINITY : 20;
  for (const r of results) {
    if (r.failures.length === 0) continue;
    process.stdout.write(
      `\n${r.name}: ${r.failures.length} failure(s)${r.failures.length > limit ? `, first ${limit} (--all shows every one)` : ""}\n`,
    );
    for (const f of r.failures.slice(0, limit)) {
      process.stdout.write(
        `\n  line ${f.line}: ${f.reason}\n    input:  ${f.input}\n    wanted: ${f.wanted}\n    got:    ${f.got}\n`,
      );
    }
  }
  if (report !== undefined) {
    const files = results.map(({ name, ran, passed, failed }) => ({ name, ran, passed, failed }));
    writeFileSync(report, `${JSON.stringify({ files }, null, 2)}\n`);
  }
  return results.some((r) => r.failed > 0) ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
