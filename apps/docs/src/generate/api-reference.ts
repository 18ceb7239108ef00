// One reference page per package, generated at build time from the sources with TypeDoc and
// typedoc-plugin-markdown (exports, signatures, doc comments), so the pages cannot drift from the code.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Application } from "typedoc";
import type { PluginOptions } from "typedoc-plugin-markdown";
import type { Lang } from "../playground/messages.js";
import { descriptionsRu } from "./descriptions-ru.js";
import { escapeStrayTags } from "./escape-html.js";
import { generatedBlock } from "./generated-block.js";
import { type PackageInfo, packagesOf } from "./packages-list.js";

const intro: Record<Lang, (p: PackageInfo) => string> = {
  en: (p) =>
    `${p.description}\n\n\`\`\`sh\nnpm install ${p.name}\n\`\`\`\n\nGenerated from the package's sources: every export of \`${p.name}\`, its signature and its doc comment.`,
  ru: (p) =>
    `${descriptionsRu[p.dir] ?? p.description}\n\n\`\`\`sh\nnpm install ${p.name}\n\`\`\`\n\nСтраница создаётся из исходного кода пакета при сборке сайта: все экспорты \`${p.name}\`, их сигнатуры и комментарии к ним. Комментарии в коде написаны по-английски и приводятся как есть.`,
};

/** Markdown of every package's API, by package directory, from one TypeDoc run over all of them. */
export async function apiMarkdown(repoRoot: string, tsconfig: string): Promise<Map<string, string>> {
  const packages = packagesOf(repoRoot);
  const out = mkdtempSync(join(tmpdir(), "tofukit-typedoc-"));
  try {
    const markdown: Partial<PluginOptions> = {
      outputFileStrategy: "modules",
      hidePageHeader: true,
      hideBreadcrumbs: true,
      parametersFormat: "table",
      interfacePropertiesFormat: "table",
      classPropertiesFormat: "table",
      typeDeclarationFormat: "table",
      enumMembersFormat: "table",
    };
    const app = await Application.bootstrapWithPlugins({
      entryPoints: packages.map((p) => p.entry),
      tsconfig,
      plugin: ["typedoc-plugin-markdown"],
      out,
      readme: "none",
      excludePrivate: true,
      excludeInternal: true,
      disableSources: true,
      logLevel: "Warn",
      ...markdown,
    });
    const project = await app.convert();
    if (project === undefined) throw new Error("TypeDoc could not read the packages' sources");
    await app.generateOutputs(project);
    const pages = new Map<string, string>();
    for (const p of packages) {
      const text = readFileSync(join(out, p.dir, "src.md"), "utf8");
      pages.set(
        p.dir,
        escapeStrayTags(text)
          .replace(/^# .*\n/, "")
          // Links to another package's page, and to this one's own anchors.
          .replace(/\]\((?:\.\.\/)?([\w-]+)\/src\.md(#[^)]*)?\)/g, (_, dir: string, anchor = "") =>
            dir === p.dir ? `](${anchor || "#"})` : `](./${dir}.md${anchor})`,
          ),
      );
    }
    return pages;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** A package's reference page: its introduction and the generated API, kept out of Vue's templating. */
function apiPage(p: PackageInfo, api: string, lang: Lang): string {
  return `# ${p.name}\n\n${intro[lang](p)}\n\n${generatedBlock(api)}`;
}

export function writeApiPages(
  repoRoot: string,
  pages: Map<string, string>,
  dirs: Record<Lang, string>,
): void {
  for (const p of packagesOf(repoRoot)) {
    for (const lang of ["en", "ru"] as const) {
      writeFileSync(join(dirs[lang], `${p.dir}.md`), apiPage(p, pages.get(p.dir)!, lang));
    }
  }
}
