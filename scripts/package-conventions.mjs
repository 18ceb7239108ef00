// The conventions every published package follows (see "Adding a package" in the README),
// checked for each one found in packages/* and apps/*: a package that misses one fails
// `npm test` with its name and what is missing. Prints one line per package; exits 1 on any
// problem. `--json FILE` also writes { name: [problems] } for scripts/check.mjs to count.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { repoRoot } from "./pnpm-bootstrap.mjs";
import { publicPackages } from "./workspace-packages.mjs";
import { versionFileText } from "./write-version.mjs";

const PREPACK = "node ../../scripts/prepack.mjs";
const WRITE_VERSION = "node ../../scripts/write-version.mjs";
const rootLicense = readFileSync(join(repoRoot, "LICENSE"), "utf8");
const rootTsconfig = JSON.parse(readFileSync(join(repoRoot, "tsconfig.json"), "utf8"));
const referenced = new Set((rootTsconfig.references ?? []).map((r) => r.path.replace(/^\.\//, "")));
const catalogRuntime = /^\s{2}runtime:\n((?:\s{4}.+\n)+)/m.exec(
  readFileSync(join(repoRoot, "pnpm-workspace.yaml"), "utf8"),
);
const runtimeCatalog = new Set(
  (catalogRuntime?.[1] ?? "").split("\n").flatMap((line) => /^\s{4}"?([^":]+)"?:/.exec(line)?.[1] ?? []),
);

/** Every file path the exports map names, by condition. */
function exportEntries(exportsField) {
  if (typeof exportsField !== "object" || exportsField === null) return [];
  return Object.entries(exportsField);
}

/**
 * Every exported error class follows one pattern: a stable `code` typed as a union of
 * `TOFUKIT_<PKG>_*` strings, `instanceof` through a `Symbol.for("tofukit.<Name>")` brand on the
 * prototype (so it holds across duplicated copies of a package), its own `Symbol.hasInstance`
 * (a static method is inherited, and a subclass must test its own brand), and `name` on the
 * prototype. Checked on the built entry points and their declarations.
 */
async function errorClassProblems({ path, manifest: m }) {
  const problems = [];
  const prefix = `TOFUKIT_${m.name.replace(/^@tofukit\//, "").toUpperCase()}_`;
  const declarations = declarationTexts(join(path, "dist"));
  for (const [key, target] of exportEntries(m.exports)) {
    if (key === "./package.json" || typeof target?.default !== "string") continue;
    const file = join(path, target.default);
    if (!existsSync(file)) {
      problems.push(`"exports" "${key}": ${target.default} is not built`);
      continue;
    }
    const module = await import(pathToFileURL(file).href);
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== "function" || !(value.prototype instanceof Error)) continue;
      const where = `error class ${name} (${key})`;
      const brand = Symbol.for(`tofukit.${name}`);
      if (!Object.hasOwn(value.prototype, "name") || value.prototype.name !== name)
        problems.push(`${where}: "name" must be "${name}", set on the prototype`);
      if (value.prototype[brand] !== true || !Object.hasOwn(value.prototype, brand))
        problems.push(`${where}: the prototype must carry Symbol.for("tofukit.${name}")`);
      if (!Object.hasOwn(value, Symbol.hasInstance))
        problems.push(`${where}: must define its own static [Symbol.hasInstance]`);
      else if (!({ [brand]: true } instanceof value) || {} instanceof value)
        problems.push(`${where}: instanceof must test the brand, and only the brand`);
      const codes = codesOf(name, declarations);
      if (codes === null) problems.push(`${where}: "code" must be declared as a union of string literals`);
      else {
        const stray = codes.filter((c) => !c.startsWith(prefix));
        if (stray.length > 0) problems.push(`${where}: codes must start with ${prefix}: ${stray.join(", ")}`);
      }
    }
  }
  return problems;
}

/**
 * The README lists the public surface: every name a built entry point exports, at run time or as
 * a type, is named in the package's README (its API tables, prose or examples), so nothing is
 * exported that the documentation does not show.
 */
async function undocumentedExports({ path, manifest: m }) {
  const readmeFile = join(path, "README.md");
  if (!existsSync(readmeFile)) return [];
  const readme = readFileSync(readmeFile, "utf8");
  const problems = [];
  for (const [key, target] of exportEntries(m.exports)) {
    if (key === "./package.json" || typeof target?.default !== "string") continue;
    const file = join(path, target.default);
    if (!existsSync(file)) continue;
    const module = await import(pathToFileURL(file).href);
    const runtime = Object.keys(module);
    const types = typeof target.types === "string" ? declaredExports(join(path, target.types)) : [];
    for (const name of new Set([...runtime, ...types])) {
      if (!new RegExp(`(?<![\\w$])${name.replaceAll("$", "\\$")}(?![\\w$])`).test(readme))
        problems.push(
          `${runtime.includes(name) ? "" : "type "}"${name}", exported by "${key}", is not named in the README`,
        );
    }
  }
  return problems;
}

/**
 * Every name a built declaration file exports, types included (re-exports followed), read with
 * the TypeScript compiler: types are public surface too, and only the declarations know them.
 */
function declaredExports(file) {
  if (!existsSync(file)) return [];
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
    noEmit: true,
    noLib: true,
    skipLibCheck: true,
  });
  const source = program.getSourceFile(file);
  const symbol = source && program.getTypeChecker().getSymbolAtLocation(source);
  return symbol
    ? program
        .getTypeChecker()
        .getExportsOfModule(symbol)
        .map((s) => s.name)
    : [];
}

/** The text of every .d.ts file below `dir`. */
function declarationTexts(dir) {
  if (!existsSync(dir)) return "";
  return readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith(".d.ts"))
    .map((f) => readFileSync(join(dir, String(f)), "utf8").replace(/\/\*[\s\S]*?\*\//g, ""))
    .join("\n");
}

/** The string literals a class's `code` can hold, following type aliases; null when it is not such a union. */
function codesOf(className, declarations) {
  const body = new RegExp(`class ${className}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(declarations)?.[1];
  if (body === undefined) return null;
  const own = /readonly code: ([^;]+);/.exec(body)?.[1];
  if (own === undefined) {
    // Inherited from the base class.
    const base = new RegExp(`class ${className} extends (\\w+)`).exec(declarations)?.[1];
    return base === undefined || base === "Error" ? null : codesOf(base, declarations);
  }
  return literalsOf(own, declarations, 0);
}

function literalsOf(typeText, declarations, depth) {
  if (depth > 8) return null;
  const out = [];
  for (const part of typeText
    .split("|")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const literal = /^"([^"]+)"$/.exec(part);
    if (literal) {
      out.push(literal[1]);
      continue;
    }
    const alias = /^(\w+)$/.exec(part)?.[1];
    const aliasText = alias && new RegExp(`type ${alias} =([^;]+);`).exec(declarations)?.[1];
    const extract = aliasText && /^\s*Extract<\s*\w+,([\s\S]+)>\s*$/.exec(aliasText);
    const inner = extract ? extract[1] : aliasText;
    const expanded = inner ? literalsOf(inner, declarations, depth + 1) : null;
    if (expanded === null) return null;
    out.push(...expanded);
  }
  return out;
}

function problemsOf({ dir, path, manifest: m }) {
  const problems = [];
  const need = (ok, message) => {
    if (!ok) problems.push(message);
  };
  const isCli = m.bin !== undefined;

  need(typeof m.name === "string" && m.name.startsWith("@tofukit/"), `"name" must be @tofukit/<name>`);
  need(typeof m.version === "string", `"version" is missing`);
  need(typeof m.description === "string" && m.description.length > 0, `"description" is missing`);
  need(m.license === "MPL-2.0", `"license" must be "MPL-2.0"`);
  need(m.type === "module", `"type" must be "module" (ESM only)`);
  need(m.engines?.node === ">=20.19", `"engines.node" must be ">=20.19"`);
  need(
    typeof m.homepage === "string" && m.homepage.includes(dir),
    `"homepage" must be the package's page (…/tree/main/${dir}#readme)`,
  );
  need(typeof m.bugs?.url === "string", `"bugs.url" is missing`);
  need(Array.isArray(m.keywords) && m.keywords.length > 0, `"keywords" is missing`);
  need(m.repository?.directory === dir, `"repository.directory" must be "${dir}"`);
  need(
    m.publishConfig?.access === "public",
    `"publishConfig.access" must be "public" (scoped packages are private by default)`,
  );
  need(m.publishConfig?.provenance === true, `"publishConfig.provenance" must be true`);

  // exports: each entry point has the source condition first, then types and default in dist/.
  const entries = exportEntries(m.exports);
  need(entries.length > 0, `"exports" is missing`);
  need(m.exports?.["./package.json"] === "./package.json", `"exports" must map "./package.json"`);
  const entryPoints = entries.filter(([key]) => key !== "./package.json");
  if (!isCli) need(entryPoints.length > 0, `"exports" has no entry point`);
  for (const [key, target] of entryPoints) {
    const conditions = typeof target === "object" && target !== null ? Object.keys(target) : [];
    need(
      conditions.join(",") === "@tofukit/source,types,default",
      `"exports" "${key}" must have exactly the conditions "@tofukit/source" (./src/…ts), "types" and "default" (./dist/…), in that order`,
    );
    need(
      /^\.\/src\/.+\.ts$/.test(target?.["@tofukit/source"] ?? ""),
      `"exports" "${key}" "@tofukit/source" must name ./src/….ts`,
    );
    need(
      /^\.\/dist\/.+\.d\.ts$/.test(target?.types ?? ""),
      `"exports" "${key}" "types" must name ./dist/….d.ts`,
    );
    need(
      /^\.\/dist\/.+\.js$/.test(target?.default ?? ""),
      `"exports" "${key}" "default" must name ./dist/….js`,
    );
  }

  // files: what the tarball holds.
  const files = Array.isArray(m.files) ? m.files : [];
  for (const f of ["dist", "README.md", "LICENSE", "CHANGELOG.md"])
    need(files.includes(f), `"files" must include "${f}"`);
  if (files.includes("src"))
    need(files.includes("!src/**/*.test.ts"), `"files" ships src: it must exclude "!src/**/*.test.ts"`);
  if (isCli)
    need(
      files.every((f) => !f.startsWith("src")),
      `"files" of a bundled CLI must not ship src`,
    );

  // scripts
  need(typeof m.scripts?.build === "string", `"scripts.build" is missing`);
  need(typeof m.scripts?.typecheck === "string", `"scripts.typecheck" is missing`);
  need(
    m.scripts?.prepack === PREPACK,
    `"scripts.prepack" must be "${PREPACK}" (no pack without a fresh build)`,
  );
  const versionFile = join(path, "src", "version.ts");
  if (existsSync(versionFile)) {
    need(
      m.scripts?.version === WRITE_VERSION,
      `src/version.ts is generated: "scripts.version" must be "${WRITE_VERSION}"`,
    );
    need(
      (m.scripts?.build ?? "").startsWith(`${WRITE_VERSION} && `),
      `src/version.ts is generated: "scripts.build" must start with "${WRITE_VERSION} && "`,
    );
    need(
      readFileSync(versionFile, "utf8") === versionFileText(m.version),
      `src/version.ts is not current with package.json (run ${WRITE_VERSION} in ${dir})`,
    );
  }

  // dependencies
  const bundled = /\bvite build\b/.test(m.scripts?.build ?? "");
  if (bundled)
    need(
      Object.keys(m.dependencies ?? {}).length === 0,
      `is bundled (vite build): "dependencies" must be empty, list them in "devDependencies"`,
    );
  for (const [dep, range] of Object.entries(m.dependencies ?? {})) {
    if (dep.startsWith("@tofukit/"))
      need(range === "workspace:^", `"dependencies" "${dep}" must be "workspace:^" (published as ^version)`);
    else
      need(
        range === "catalog:runtime" && runtimeCatalog.has(dep),
        `"dependencies" "${dep}" must be "catalog:runtime", a caret range in pnpm-workspace.yaml's runtime catalog`,
      );
  }
  for (const dep of Object.keys(m.peerDependencies ?? {}))
    need(
      !dep.startsWith("@tofukit/"),
      `"peerDependencies" "${dep}": tofukit packages are regular dependencies (changesets would make every 0.x minor of a peer a major of its dependents; see the README's "One copy of @tofukit/cty")`,
    );
  for (const [dep, range] of Object.entries(m.devDependencies ?? {}))
    if (dep.startsWith("@tofukit/"))
      need(range === "workspace:^", `"devDependencies" "${dep}" must be "workspace:^"`);

  // files beside package.json
  need(existsSync(join(path, "README.md")), "README.md is missing");
  need(
    existsSync(join(path, "LICENSE")) && readFileSync(join(path, "LICENSE"), "utf8") === rootLicense,
    "LICENSE must be a copy of the root LICENSE",
  );
  const changelog = join(path, "CHANGELOG.md");
  need(
    existsSync(changelog) && readFileSync(changelog, "utf8").startsWith(`# ${m.name}\n`),
    `CHANGELOG.md must exist and start with "# ${m.name}" (changesets adds each release below it)`,
  );
  need(
    existsSync(join(path, "vitest.config.ts")),
    "vitest.config.ts is missing (without it the root config is used, and fails)",
  );
  need(
    existsSync(join(path, "vitest.config.ts")) &&
      readFileSync(join(path, "vitest.config.ts"), "utf8").includes(
        'from "@tofukit/test-support/vitest-project"',
      ),
    "vitest.config.ts must build its project with tofukitProject from @tofukit/test-support/vitest-project",
  );
  // Where tests live: src/x.test.ts tests src/x.ts; a suite of the whole package lives in test/.
  const srcDir = join(path, "src");
  if (existsSync(srcDir))
    for (const file of readdirSync(srcDir, { recursive: true }).map(String)) {
      if (!file.endsWith(".test.ts")) continue;
      const subject = file.replace(/\.test\.ts$/, "");
      need(
        [".ts", ".mjs", ".vue"].some((ext) => existsSync(join(srcDir, subject + ext))),
        `src/${file} tests no src/${subject}.ts: name it after the file it tests, or move a whole-package suite to test/`,
      );
    }
  need(existsSync(join(path, "tsconfig.json")), "tsconfig.json is missing");
  need(
    referenced.has(dir),
    `the root tsconfig.json must reference "./${dir}" (npm run typecheck builds the references)`,
  );
  return problems;
}

// `--manifests-only`: the checks that need no build (version-check.mjs runs them in a scratch copy
// without dist/); the error classes are then left to the run after the build, and it says so.
const manifestsOnly = process.argv.includes("--manifests-only");
if (manifestsOnly) process.stdout.write("error classes not checked (--manifests-only: no build here)\n");
const results = {};
for (const pkg of publicPackages()) {
  const problems = [
    ...problemsOf(pkg),
    ...(pkg.manifest.bin === undefined && !manifestsOnly ? await errorClassProblems(pkg) : []),
    ...(pkg.manifest.bin === undefined && !manifestsOnly ? await undocumentedExports(pkg) : []),
  ];
  results[pkg.manifest.name ?? pkg.dir] = problems;
  const label = `${pkg.dir} (${pkg.manifest.name})`;
  if (problems.length === 0) process.stdout.write(`✔ ${label}\n`);
  else for (const p of problems) process.stdout.write(`✘ ${label}: ${p}\n`);
}
const jsonAt = process.argv.indexOf("--json");
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(results, null, 2));
process.exit(Object.values(results).every((p) => p.length === 0) ? 0 : 1);
