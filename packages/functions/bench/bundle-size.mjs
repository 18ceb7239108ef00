// What openTofuFunctions adds to a browser bundle: vite (rolldown) builds a tiny page script
// with and without the table, minified, and this prints both sizes and their difference
// gzipped. Run from packages/functions: node bench/bundle-size.mjs
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const packages = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "functions-bundle-"));

const entries = {
  // hcl's evaluate alone: what a page evaluating expressions has without the table.
  without: `import { evaluate, parseExpression } from "@tofukit/hcl";
console.log(evaluate(parseExpression("upper(x)").expr, { functions: {} }));`,
  with: `import { openTofuFunctions } from "@tofukit/functions";
import { evaluate, parseExpression } from "@tofukit/hcl";
console.log(evaluate(parseExpression("upper(x)").expr, { functions: openTofuFunctions() }));`,
  // re2js on its own, the RE2 engine behind regex, regexall and replace.
  re2js: `import { RE2JS } from "re2js";
console.log(RE2JS.compile("a+").matches("aa"));`,
};

async function size(name, source) {
  const entry = join(dir, `${name}.js`);
  writeFileSync(entry, source);
  const outDir = join(dir, `dist-${name}`);
  await build({
    configFile: false,
    logLevel: "warn",
    root: dir,
    resolve: {
      conditions: ["@tofukit/source", "browser", "module", "import", "default"],
      alias: {
        "@tofukit/functions": join(packages, "functions/src/index.ts"),
        "@tofukit/hcl": join(packages, "hcl/src/index.ts"),
        "@tofukit/cty": join(packages, "cty/src/index.ts"),
        "@tofukit/convert": join(packages, "convert/src/index.ts"),
        re2js: join(packages, "functions/node_modules/re2js/build/index.js"),
      },
    },
    build: { outDir, emptyOutDir: true, minify: true, lib: { entry, formats: ["es"], fileName: "out" } },
  });
  const name_ = readdirSync(outDir, { recursive: true }).find((f) => String(f).endsWith("js"));
  const file = join(outDir, String(name_));
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

try {
  const without = await size("without", entries.without);
  const withTable = await size("with", entries.with);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`hcl evaluate alone:   ${kb(without.raw)} minified, ${kb(without.gzip)} gzipped`);
  console.log(`with openTofuFunctions: ${kb(withTable.raw)} minified, ${kb(withTable.gzip)} gzipped`);
  console.log(
    `the table adds:       ${kb(withTable.raw - without.raw)} minified, ${kb(withTable.gzip - without.gzip)} gzipped`,
  );
  const re2 = await size("re2js", entries.re2js);
  console.log(`of which re2js alone: ${kb(re2.raw)} minified, ${kb(re2.gzip)} gzipped`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
