// The CLI reference, generated from the command definitions themselves (apps/cli's createProgram):
// every command with its usage, arguments, options, help text and the exit statuses.

import { type CommandIO, ENVIRONMENT_VARIABLES, EXIT_STATUSES } from "@tofukit/cli/io";
import { createProgram } from "@tofukit/cli/program";
import type { Command } from "commander";
import type { Lang } from "../playground/messages.js";
import { generatedBlock } from "./generated-block.js";

const words = {
  en: {
    title: "CLI reference: tofukit",
    intro:
      "Generated from the command definitions of `tofukit` (apps/cli), so it lists exactly what the installed command accepts. Install it with `npm install -g @tofukit/cli`, or run it with `npx @tofukit/cli`.",
    exit: "Exit status",
    exitIntro: "Every command ends with one of these statuses:",
    code: "Status",
    meaning: "Meaning",
    usage: "Usage",
    args: "Arguments",
    options: "Options",
    argument: "Argument",
    option: "Option",
    description: "Description",
    required: "required",
    optional: "optional",
    byDefault: "default",
    more: "From `--help`",
    global: "Options of every command",
    env: "Environment variables",
    envIntro: "Read as OpenTofu reads them:",
    variable: "Variable",
  },
  ru: {
    title: "Справочник CLI: tofukit",
    intro:
      "Создан из определений команд `tofukit` (apps/cli) и потому перечисляет ровно то, что принимает установленная команда. Установка: `npm install -g @tofukit/cli`, запуск без установки: `npx @tofukit/cli`. Описания команд и параметров взяты из самой программы и потому приведены по-английски.",
    exit: "Коды завершения",
    exitIntro: "Каждая команда завершается с одним из этих кодов:",
    code: "Код",
    meaning: "Значение",
    usage: "Вызов",
    args: "Аргументы",
    options: "Параметры",
    argument: "Аргумент",
    option: "Параметр",
    description: "Описание",
    required: "обязательный",
    optional: "необязательный",
    byDefault: "по умолчанию",
    more: "Из `--help`",
    global: "Параметры всех команд",
    env: "Переменные окружения",
    envIntro: "Читаются так же, как их читает OpenTofu (описания приведены по-английски):",
    variable: "Переменная",
  },
} as const;

const exitMeaningRu: Record<number, string> = {
  0: "всё переданное корректно",
  1: "значение, объявление, имя хоста или обнаружение служб некорректно или не удалось",
  2: "неверна сама командная строка",
  70: "внутренняя ошибка",
};

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

const plain = (s: string) => s;
const style = {
  color: false,
  bold: plain,
  red: plain,
  yellow: plain,
  green: plain,
  dim: plain,
  underline: plain,
};
/** The program is only read here, never run: its output goes nowhere. */
const silentIO: CommandIO = {
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: {},
  cwd: "/",
  out: style,
  err: style,
};

/** The program as the CLI defines it. */
function cliProgram(): Command {
  return createProgram(silentIO, { exitCode: 0 });
}

/** What `--help` prints after the generated part: the command's examples and notes. */
function helpAfter(cmd: Command): string {
  let full = "";
  cmd.configureOutput({ writeOut: (s) => (full += s), writeErr: () => undefined });
  cmd.outputHelp();
  const main = cmd.helpInformation();
  const at = full.indexOf(main);
  return (at < 0 ? "" : full.slice(at + main.length)).trim();
}

/** A command's section, then one per subcommand (`tofukit registry versions`), each under its full name. */
function commandSection(cmd: Command, lang: Lang, path = cmd.name()): string {
  const w = words[lang];
  const lines = [`## \`tofukit ${path}\``, "", cmd.description(), "", `**${w.usage}:**`, ""];
  lines.push("```sh", `tofukit ${path} ${cmd.usage()}`, "```", "");
  if (cmd.registeredArguments.length > 0) {
    lines.push(`### ${w.args}`, "", `| ${w.argument} | ${w.description} |`, "| --- | --- |");
    for (const arg of cmd.registeredArguments) {
      const notes: string[] = [arg.required ? w.required : w.optional];
      if (arg.defaultValue !== undefined) notes.push(`${w.byDefault} \`${String(arg.defaultValue)}\``);
      lines.push(
        `| \`${arg.name()}${arg.variadic ? "..." : ""}\` | ${cell(arg.description)} (${notes.join(", ")}) |`,
      );
    }
    lines.push("");
  }
  const options = cmd.createHelp().visibleOptions(cmd);
  if (options.length > 0) {
    lines.push(`### ${w.options}`, "", `| ${w.option} | ${w.description} |`, "| --- | --- |");
    for (const o of options) {
      const notes: string[] = [];
      if (o.mandatory) notes.push(w.required);
      const d = o.defaultValue as unknown;
      if (d !== undefined && !(Array.isArray(d) && d.length === 0))
        notes.push(`${w.byDefault} \`${String(d)}\``);
      lines.push(
        `| \`${cell(o.flags)}\` | ${cell(o.description)}${notes.length > 0 ? ` (${notes.join(", ")})` : ""} |`,
      );
    }
    lines.push("");
  }
  const after = helpAfter(cmd);
  if (after !== "") lines.push(`### ${w.more}`, "", "```text", after, "```", "");
  for (const sub of cmd.commands) lines.push(commandSection(sub, lang, `${path} ${sub.name()}`));
  return lines.join("\n");
}

/** The CLI reference page in one language. */
export function cliReference(lang: Lang): string {
  const w = words[lang];
  const program = cliProgram();
  const lines = ["```text", program.helpInformation().trim(), "```", ""];
  lines.push(`## ${w.exit}`, "", w.exitIntro, "", `| ${w.code} | ${w.meaning} |`, "| --- | --- |");
  for (const s of EXIT_STATUSES)
    lines.push(`| \`${s.code}\` | ${lang === "ru" ? (exitMeaningRu[s.code] ?? s.meaning) : s.meaning} |`);
  lines.push("");
  lines.push(`## ${w.env}`, "", w.envIntro, "", `| ${w.variable} | ${w.meaning} |`, "| --- | --- |");
  for (const v of ENVIRONMENT_VARIABLES) lines.push(`| \`${cell(v.name)}\` | ${cell(v.meaning)} |`);
  lines.push("");
  lines.push(`## ${w.global}`, "", `| ${w.option} | ${w.description} |`, "| --- | --- |");
  for (const o of program.createHelp().visibleOptions(program)) {
    lines.push(`| \`${cell(o.flags)}\` | ${cell(o.description)} |`);
  }
  lines.push("");
  for (const cmd of program.commands) lines.push(commandSection(cmd, lang));
  return `# ${w.title}\n\n${w.intro}\n\n${generatedBlock(lines.join("\n"))}`;
}
