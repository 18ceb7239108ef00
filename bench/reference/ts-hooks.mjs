// Module hooks that let compare.mjs import the benchmarks' TypeScript input generators as they
// are (types stripped with the workspace's typescript); the packages themselves come from dist/.
import { readFile } from "node:fs/promises";
import ts from "typescript";

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
  const source = await readFile(new URL(url), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: url,
  });
  return { format: "module", source: outputText, shortCircuit: true };
}
