// Writes the generated reference pages (one per package, the CLI, and their index) in both
// languages into the site's sources before VitePress builds it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { apiMarkdown, writeApiPages } from "./api-reference.js";
import { cliReference } from "./cli-reference.js";
import { descriptionsRu } from "./descriptions-ru.js";
import { packagesOf } from "./packages-list.js";

const index = {
  en: {
    title: "Reference",
    intro:
      "Generated at build time from the sources: one page per package with every export, its signature and its doc comment, and the command line's reference from its command definitions.",
    packages: "Packages",
    cli: "Command line",
    cliLink: "`tofukit`, every command, option and exit status",
  },
  ru: {
    title: "Справочник",
    intro:
      "Создаётся при сборке из исходного кода: по странице на пакет со всеми экспортами, их сигнатурами и комментариями, и справочник командной строки из определений её команд.",
    packages: "Пакеты",
    cli: "Командная строка",
    cliLink: "`tofukit`: все команды, параметры и коды завершения",
  },
} as const;

export async function generateReference(repoRoot: string, docsRoot: string): Promise<void> {
  const dirs = { en: join(docsRoot, "src", "reference"), ru: join(docsRoot, "src", "ru", "reference") };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const api = await apiMarkdown(repoRoot, join(docsRoot, "tsconfig.reference.json"));
  writeApiPages(repoRoot, api, dirs);
  for (const lang of ["en", "ru"] as const) {
    const w = index[lang];
    const rows = packagesOf(repoRoot).map(
      (p) =>
        `| [${p.name}](./${p.dir}.md) | ${lang === "ru" ? (descriptionsRu[p.dir] ?? p.description) : p.description} |`,
    );
    writeFileSync(join(dirs[lang], "cli.md"), cliReference(lang));
    writeFileSync(
      join(dirs[lang], "index.md"),
      [
        `# ${w.title}`,
        "",
        w.intro,
        "",
        `## ${w.packages}`,
        "",
        "| | |",
        "| --- | --- |",
        ...rows,
        "",
        `## ${w.cli}`,
        "",
        `[${w.cliLink}](./cli.md)`,
        "",
      ].join("\n"),
    );
  }
}
