#!/usr/bin/env node
// Times tofukit and the Go reference (main.go) on the same two operations, in-process on each
// side with the same warm-up, rounds and calls per round, and prints both with the ratio:
//   tfvars: parse + evaluate every attribute of a 133 KB .tfvars of expressions
//   bucket: the seed's bucket type constraint with defaults, from its text (parseTypeConstraint,
//           as packages/typeexpr/bench/parse.bench.ts times it)
//   bucket-hcl: the same through the general path (parseExpression + typeConstraintWithDefaults)
// Go does both bucket operations one way: hclsyntax.ParseExpression + TypeConstraintWithDefaults.
// Each side prints a checksum of its results (cty JSON of every attribute; the type string and
// defaults), and the comparison refuses to report when they differ.
// Usage (after the workspace build): node bench/reference/compare.mjs [--runs N] [--only tfvars|bucket|bucket-hcl]
// [--rounds N] [--go-binary PATH]. See README.md.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

register("./ts-hooks.mjs", import.meta.url);

const here = new URL(".", import.meta.url);
const repo = new URL("../../", import.meta.url);
const { expressionTfvars } = await import(new URL("packages/hcl/bench/tfvars-like.ts", repo).href);
// The variables and functions of packages/hcl/bench/expressions.bench.ts.
const { expressionContext: ctx } = await import(
  new URL("packages/hcl/bench/expression-context.ts", repo).href
);
const { SEED_BUCKET_TYPE } = await import(new URL("tools/test-support/src/buckets-example.ts", repo).href);
const cty = await import(new URL("packages/cty/dist/index.js", repo).href);
const hcl = await import(new URL("packages/hcl/dist/index.js", repo).href);
const typeexpr = await import(new URL("packages/typeexpr/dist/index.js", repo).href);

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    rounds: { type: "string", default: "15" },
    only: { type: "string" },
    "go-binary": { type: "string" },
    "tfvars-warmup": { type: "string", default: "20" },
    "tfvars-iterations": { type: "string", default: "5" },
    "type-warmup": { type: "string", default: "20000" },
    "type-iterations": { type: "string", default: "2000" },
  },
});
const settings = {
  rounds: Number(options.rounds),
  tfvars: { warmup: Number(options["tfvars-warmup"]), iterations: Number(options["tfvars-iterations"]) },
  bucket: { warmup: Number(options["type-warmup"]), iterations: Number(options["type-iterations"]) },
};
/** Each operation and the Go program's operation it is compared with. */
const GO_OPERATION = { tfvars: "tfvars", bucket: "bucket", "bucket-hcl": "bucket" };
const operations = options.only === undefined ? Object.keys(GO_OPERATION) : [options.only];
for (const op of operations) {
  if (!(op in GO_OPERATION)) throw new Error(`--only takes tfvars, bucket or bucket-hcl, not ${op}`);
}

const tfvarsSource = expressionTfvars(133 * 1024);

/** The measured .tfvars operation: parseConfig, then evaluate every attribute. */
function parseAndEvaluate() {
  const { body, diagnostics } = hcl.parseConfig(tfvarsSource, "exprs.tfvars");
  if (diagnostics.length > 0) throw new Error(hcl.formatDiagnostic(diagnostics[0]));
  const values = new Map();
  for (const attr of body.attributes) {
    const result = hcl.evaluate(attr.expr, ctx);
    if (result.diagnostics.length > 0) throw new Error(hcl.formatDiagnostic(result.diagnostics[0]));
    values.set(attr.name, result.value);
  }
  return values;
}

/** The measured type-constraint operation, from the text as a variable's `type` is read. */
function typeConstraint() {
  return typeexpr.parseTypeConstraint(SEED_BUCKET_TYPE, "<type>");
}

/** The same through the general path: parseExpression, then the reading with defaults. */
function typeConstraintHcl() {
  const { expr, diagnostics } = hcl.parseExpression(SEED_BUCKET_TYPE, "<type>");
  if (diagnostics.length > 0) throw new Error(hcl.formatDiagnostic(diagnostics[0]));
  return typeexpr.typeConstraintWithDefaults(expr);
}

const checksum = (text) => createHash("sha256").update(text).digest("hex").slice(0, 16);
// Go's sort.Strings order: by UTF-8 bytes, which for these ASCII names is code-unit order.
const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function renderValues(values) {
  return [...values.keys()]
    .sort(byCodeUnits)
    .map((name) => `${name} = ${cty.valueToJSON(values.get(name))}\n`)
    .join("");
}

function renderConstraint({ type, defaults }) {
  const lines = [];
  const walk = (d, path) => {
    if (d === null || d === undefined) return;
    for (const [name, v] of d.defaultValues) lines.push(`${path}.${name} = ${cty.valueToJSON(v)}`);
    for (const [key, child] of d.children) walk(child, `${path}/${key}`);
  };
  walk(defaults, "");
  lines.sort(byCodeUnits);
  return `${typeexpr.typeString(type)}\n${lines.join("\n")}\n`;
}

/** The same loop as main.go's measure: warm-up, then timed rounds of `iterations` calls. */
function measure(op, { warmup, iterations }) {
  for (let i = 0; i < warmup; i++) op();
  const perOp = [];
  for (let r = 0; r < settings.rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) op();
    perOp.push(Number(process.hrtime.bigint() - start) / iterations);
  }
  perOp.sort((a, b) => a - b);
  return { min: perOp[0], median: perOp[Math.floor(settings.rounds / 2)] };
}

function runNode(op) {
  if (op === "tfvars") {
    return {
      ...measure(parseAndEvaluate, settings.tfvars),
      checksum: checksum(renderValues(parseAndEvaluate())),
    };
  }
  const f = op === "bucket" ? typeConstraint : typeConstraintHcl;
  return { ...measure(f, settings.bucket), checksum: checksum(renderConstraint(f())) };
}

const work = mkdtempSync(join(tmpdir(), "tofukit-reference-"));
try {
  const tfvarsFile = join(work, "exprs.tfvars");
  const typeFile = join(work, "bucket-type.txt");
  writeFileSync(tfvarsFile, tfvarsSource);
  writeFileSync(typeFile, SEED_BUCKET_TYPE);
  let goBinary = options["go-binary"];
  if (goBinary === undefined) {
    goBinary = join(work, "reference");
    execFileSync("go", ["build", "-o", goBinary, "."], {
      cwd: here,
      stdio: "inherit",
      env: {
        ...process.env,
        GO111MODULE: "off",
        GOPATH: "/usr/share/gocode",
      },
    });
  }

  function runGo(op) {
    const out = execFileSync(
      goBinary,
      [
        "-tfvars",
        tfvarsFile,
        "-type",
        typeFile,
        "-only",
        GO_OPERATION[op],
        "-rounds",
        String(settings.rounds),
        "-tfvars-warmup",
        String(settings.tfvars.warmup),
        "-tfvars-iterations",
        String(settings.tfvars.iterations),
        "-type-warmup",
        String(settings.bucket.warmup),
        "-type-iterations",
        String(settings.bucket.iterations),
      ],
      { encoding: "utf8" },
    );
    const fields = Object.fromEntries(
      out
        .trim()
        .split("\t")
        .slice(1)
        .map((f) => f.split("=")),
    );
    return { min: Number(fields.min_ns), median: Number(fields.median_ns), checksum: fields.checksum };
  }

  const us = (ns) => (ns / 1000).toFixed(ns < 100_000 ? 2 : 0).padStart(9);
  const runs = Number(options.runs);
  console.log(
    `${tfvarsSource.length} bytes of .tfvars; node ${process.version}; load ${execFileSync("uptime", { encoding: "utf8" }).trim()}`,
  );
  console.log("run  op          side    min µs  median µs   go/tofukit (median)");
  const ratios = Object.fromEntries(operations.map((op) => [op, []]));
  for (let run = 1; run <= runs; run++) {
    for (const op of operations) {
      // Alternate which side goes first, so a load change does not favour one side.
      const order = run % 2 === 1 ? ["go", "node"] : ["node", "go"];
      const results = {};
      for (const side of order) results[side] = side === "go" ? runGo(op) : runNode(op);
      if (results.go.checksum !== results.node.checksum) {
        throw new Error(
          `${op}: the results differ (go ${results.go.checksum}, tofukit ${results.node.checksum})`,
        );
      }
      const ratio = results.go.median / results.node.median;
      ratios[op].push(ratio);
      for (const side of ["go", "node"]) {
        const r = results[side];
        const label = side === "go" ? "go    " : "tofukit";
        const tail =
          side === "node" ? `   ${ratio.toFixed(2)}×  (min ${(results.go.min / r.min).toFixed(2)}×)` : "";
        console.log(
          `${String(run).padStart(3)}  ${op.padEnd(10)}  ${label} ${us(r.min)}  ${us(r.median)}${tail}`,
        );
      }
    }
  }
  for (const op of operations) {
    const sorted = [...ratios[op]].sort((a, b) => a - b);
    console.log(
      `${op}: Go time / tofukit time ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} (median of ${runs} runs; range ${sorted[0].toFixed(2)}–${sorted.at(-1).toFixed(2)}); checksums equal`,
    );
  }
  console.log(`load ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
