import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { describe, expect, it } from "vitest";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("the package", () => {
  it("ships an IDNA table that matches the tr46 data it was generated from", () => {
    // Exits non-zero (and so throws) when src/generated/idna-data.ts is stale.
    execFileSync(process.execPath, [join(packageDir, "scripts", "generate-idna-data.mjs"), "--check"]);
  });

  it("uses no Node built-ins, so it runs in browsers unchanged", () => {
    const sources = readdirSync(join(packageDir, "src"), { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(packageDir, "src", file), "utf8");
      expect(text, file).not.toMatch(/from "node:|require\(|\bprocess\.|\bBuffer\b/);
    }
  });

  it("tree-shakes: importing only HostnameError leaves the IDNA table out of a browser bundle", async () => {
    const workDir = mkdtempSync(join(tmpdir(), "hostname-bundle-"));
    const bundle = async (code: string) => {
      const entry = join(workDir, `entry-${Math.random().toString(36).slice(2)}.js`);
      writeFileSync(entry, code);
      const result = await build({
        root: packageDir,
        logLevel: "silent",
        configFile: false,
        resolve: { conditions: ["@tofukit/source"] },
        build: {
          write: false,
          minify: false,
          lib: { entry, formats: ["es"] },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      return outputs
        .flatMap((o) => ("output" in o ? o.output : []))
        .map((chunk) => ("code" in chunk ? chunk.code : ""))
        .join("");
    };
    const src = join(packageDir, "src", "index.ts");
    const small = await bundle(
      `import { HostnameError } from ${JSON.stringify(src)}; console.log(HostnameError);`,
    );
    const full = await bundle(
      `import { forComparison } from ${JSON.stringify(src)}; console.log(forComparison);`,
    );
    rmSync(workDir, { recursive: true, force: true });
    expect(full).toContain("RANGE_STARTS");
    expect(small).not.toContain("RANGE_STARTS");
    expect(small.length).toBeLessThan(full.length / 10);
  }, 30_000);
});
