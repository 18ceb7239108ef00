// The package's third-party imports as plain Node ESM sees them: the built dist is imported by
// Node without a bundler, so every specifier must resolve there, a default import must find a
// default export, named imports must exist, and no JSON module may be imported without an import
// attribute (Node refuses one).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcDir = fileURLToPath(new URL("../src/", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

interface ThirdPartyImport {
  readonly specifier: string;
  readonly defaultImport: boolean;
  readonly names: readonly string[];
  readonly attributes: boolean;
}

const importStatement = /^import\s+(?!type\s)([^;]*?)\s+from\s+"([^"]+)"(\s+with\s*\{[^}]*\})?/gm;

function thirdPartyImports(): ThirdPartyImport[] {
  const found: ThirdPartyImport[] = [];
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, "utf8").matchAll(importStatement)) {
      const [, clause = "", specifier = "", attributes] = match;
      if (specifier.startsWith(".") || specifier.startsWith("node:") || specifier.startsWith("@tofukit/"))
        continue;
      const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? "";
      found.push({
        specifier,
        defaultImport: /^[A-Za-z_$][\w$]*(\s*,|$)/.test(clause.trim()),
        names: named
          .split(",")
          .map((part) => part.trim().split(/\s+as\s+/)[0] ?? "")
          .filter((name) => name !== "" && !name.startsWith("type ")),
        attributes: attributes !== undefined,
      });
    }
  }
  return found;
}

describe("imports under plain Node ESM", () => {
  const imports = thirdPartyImports();

  it("finds the package's third-party imports", () => {
    expect(imports.map((i) => i.specifier)).toEqual(
      expect.arrayContaining(["iconv-lite/encodings/sbcs-data-generated.js", "re2js", "yaml"]),
    );
  });

  it("imports no JSON module without an import attribute", () => {
    expect(imports.filter((i) => i.specifier.endsWith(".json") && !i.attributes)).toEqual([]);
  });

  it("resolves every specifier with the default and named exports the source uses", {
    timeout: 30_000,
  }, () => {
    const script = `
      const imports = ${JSON.stringify(imports)};
      const missing = [];
      for (const { specifier, defaultImport, names } of imports) {
        const ns = await import(specifier);
        if (defaultImport && ns.default === undefined) missing.push(specifier + " default");
        for (const name of names) if (!(name in ns)) missing.push(specifier + " " + name);
      }
      console.log(JSON.stringify(missing));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: srcDir,
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual([]);
  });
});
