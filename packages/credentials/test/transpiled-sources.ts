// Plain JavaScript copies of some source modules, so real child processes (Node 20 cannot run
// TypeScript) exercise the very code under test.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";

const sourceDir = new URL("../src/", import.meta.url);

/** Transpiles `modules` (names without extension) into `dir` as `.js` files; returns `dir`. */
export async function transpileSources(dir: string, modules: readonly string[]): Promise<string> {
  await writeFile(join(dir, "package.json"), '{"type":"module"}');
  for (const module of modules) {
    const source = await readFile(new URL(`${module}.ts`, sourceDir), "utf8");
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
      fileName: `${module}.ts`,
    });
    await writeFile(join(dir, `${module}.js`), outputText);
  }
  return dir;
}
