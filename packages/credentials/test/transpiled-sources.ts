// Plain JavaScript copies of some source modules, so real child processes (Node 20 cannot run
// TypeScript) exercise the very code under test. @tofukit/gostd, the one workspace package these
// modules import, is copied beside them from its sources the same way.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";

const sourceDir = new URL("../src/", import.meta.url);
const gostdDir = new URL("../../gostd/src/", import.meta.url);

async function transpile(from: URL, module: string, to: string): Promise<void> {
  const source = await readFile(new URL(`${module}.ts`, from), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
    fileName: `${module}.ts`,
  });
  await writeFile(
    join(to, `${module}.js`),
    outputText
      .replaceAll('from "@tofukit/gostd/node"', 'from "./gostd/node.js"')
      .replaceAll('from "@tofukit/gostd"', 'from "./gostd/index.js"'),
  );
}

/** Transpiles `modules` (names without extension) into `dir` as `.js` files; returns `dir`. */
export async function transpileSources(dir: string, modules: readonly string[]): Promise<string> {
  await writeFile(join(dir, "package.json"), '{"type":"module"}');
  for (const module of modules) await transpile(sourceDir, module, dir);
  await mkdir(join(dir, "gostd"), { recursive: true });
  for (const file of await readdir(gostdDir)) {
    if (file.endsWith(".ts") && !file.endsWith(".test.ts"))
      await transpile(gostdDir, file.slice(0, -3), join(dir, "gostd"));
  }
  return dir;
}
