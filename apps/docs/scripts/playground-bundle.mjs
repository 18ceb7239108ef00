// What the playground's JavaScript is made of: the playground bundled on its own by the Vite that
// VitePress builds the site with, one chunk per npm package (and one for the playground's own
// files), each reported minified and gzipped. The site's real chunks are grouped differently (see
// test/site.test.ts for what the page downloads); this tells whose code the bytes are.
// `node scripts/playground-bundle.mjs [--json]`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const docsRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(docsRoot, "package.json"));
// The Vite VitePress depends on (not the workspace's Vitest one), so the bytes are the site's.
const vitepressDir = dirname(require.resolve("vitepress/package.json"));
const viteDir = dirname(createRequire(join(vitepressDir, "package.json")).resolve("vite/package.json"));
const { build } = await import(pathToFileURL(join(viteDir, "dist/node/index.js")).href);

/** The package a module belongs to: `@scope/name` or `name` from its node_modules path, else a workspace directory. */
function packageOf(id) {
  const inModules = id.split("node_modules/").at(-1);
  if (inModules !== id) {
    const parts = inModules.split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const workspace = /\/(packages|apps)\/([^/]+)\//.exec(id);
  if (workspace === null) return "other";
  return workspace[1] === "packages" ? `@tofukit/${workspace[2]}` : `${workspace[1]}/${workspace[2]}`;
}

function category(pkg) {
  if (pkg.startsWith("@tofukit/") || pkg.startsWith("apps/")) return "tofukit";
  if (/^(@codemirror|@lezer)\/|^(style-mod|w3c-keyname|crelt|@marijn\/find-cluster-break)$/.test(pkg))
    return "CodeMirror";
  return "other libraries";
}

/** The chunks the entry loads before anything else: its static imports, transitively. */
const firstLoad = new Set();
const staticReach = {
  name: "static-reach",
  generateBundle(_, bundle) {
    const pending = ["playground.js"];
    while (pending.length > 0) {
      const name = pending.pop();
      if (firstLoad.has(name)) continue;
      firstLoad.add(name);
      pending.push(...(bundle[name]?.imports ?? []));
    }
  },
};

/** Each package's directories on disk: more than one is two copies of it in the bundle. */
const copies = new Map();
function packageDir(id) {
  const i = id.lastIndexOf("node_modules/");
  if (i < 0) return /^(.*\/(packages|apps)\/[^/]+)\//.exec(id)?.[1] ?? id;
  const rest = id.slice(i + "node_modules/".length).split("/");
  return id.slice(0, i) + "node_modules/" + rest.slice(0, rest[0].startsWith("@") ? 2 : 1).join("/");
}

/** Chunk file names to the packages they hold. */
const packages = new Map([["playground.js", "apps/docs"]]);
const out = mkdtempSync(join(tmpdir(), "tofukit-playground-bundle-"));
try {
  await build({
    configFile: false,
    logLevel: "warn",
    root: docsRoot,
    resolve: { conditions: ["@tofukit/source"] },
    plugins: [staticReach],
    build: {
      outDir: out,
      emptyOutDir: true,
      target: "es2020",
      // Not library mode, which keeps whitespace in ES output: minified as the site is.
      rollupOptions: {
        input: { playground: join(docsRoot, "src/playground/playground.ts") },
        preserveEntrySignatures: "exports-only",
        output: {
          entryFileNames: "[name].js",
          chunkFileNames: "[name].js",
          // The playground's own files keep the site's split (module-mode.ts stays on demand).
          manualChunks: (id) => {
            const pkg = packageOf(id);
            if (pkg !== "other") {
              if (!copies.has(pkg)) copies.set(pkg, new Set());
              copies.get(pkg).add(packageDir(id));
            }
            if (pkg === "apps/docs") return undefined;
            const name = pkg.replace(/[^a-zA-Z0-9-]/g, "_");
            packages.set(`${name}.js`, pkg);
            return name;
          },
        },
      },
      minify: "esbuild",
    },
  });
  const rows = readdirSync(out)
    .filter((f) => f.endsWith(".js"))
    .map((f) => {
      const body = readFileSync(join(out, f));
      const pkg = packages.get(f) ?? `apps/docs (${f.replace(/\.js$/, "")})`;
      const loaded = firstLoad.has(f) ? "first load" : "on demand";
      return { pkg, category: category(pkg), loaded, bytes: body.length, gzip: gzipSync(body).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  } else {
    const kb = (n) => `${(n / 1000).toFixed(1)} kB`.padStart(10);
    for (const r of rows)
      process.stdout.write(`${kb(r.gzip)} gz ${kb(r.bytes)}  ${r.loaded.padEnd(10)}  ${r.pkg}\n`);
    const totals = new Map();
    for (const r of rows) {
      const key = `${r.loaded}: ${r.category}`;
      totals.set(key, (totals.get(key) ?? 0) + r.gzip);
    }
    process.stdout.write("\nby whose code (each package gzipped on its own):\n");
    for (const [c, n] of totals) process.stdout.write(`${kb(n)} gz  ${c}\n`);
    const twice = [...copies].filter(([, dirs]) => dirs.size > 1);
    process.stdout.write(
      twice.length === 0
        ? "\nno package is in the bundle twice\n"
        : `\npackages in the bundle more than once:\n${twice.map(([p, d]) => `  ${p}: ${[...d].join(", ")}`).join("\n")}\n`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
