// `tofukit fmt [DIR|FILE...]`: formats configuration and variables files as `tofu fmt` does.
//
// The same files (.tf, .tofu, .tfvars, .tftest.hcl, .tofutest.hcl; in a directory, those not
// ignored, recursing with -recursive), the same output (the names of the files it changed,
// -diff's unified diffs, the formatted text for `-`), the same exit codes (0; 2 on errors, such
// as a file that does not parse, which is left untouched; 3 with -check when a file needs
// formatting). Unlike OpenTofu it writes through a temp file and a rename, so an interrupted run
// never leaves a file half written.
import { chmodSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { type Diagnostic, formatFile, sourceless } from "@tofukit/hcl";
import { type CommandIO, EXIT_OK } from "../io.js";
import { writeDiagnostics } from "../render/problem.js";
import { unifiedDiff } from "./unified-diff.js";

const EXIT_FMT_ERROR = 2;
const EXIT_FMT_CHECK = 3;

const EXTENSIONS = [".tf", ".tofu", ".tfvars", ".tftest.hcl", ".tofutest.hcl"];

export interface FmtOptions {
  /** Paths as given; `["-"]` for standard input, `[]` for the current directory. */
  readonly paths: readonly string[];
  readonly list: boolean;
  readonly write: boolean;
  readonly diff: boolean;
  readonly check: boolean;
  readonly recursive: boolean;
}

interface Run {
  readonly options: FmtOptions;
  readonly io: CommandIO;
  readonly output: string[];
  readonly diagnostics: Diagnostic[];
  readonly sources: Map<string, string>;
}

/** Runs fmt; `stdin` reads standard input (only called for `-`). */
export async function runFmt(
  options: FmtOptions,
  io: CommandIO,
  stdin: () => Promise<string>,
): Promise<number> {
  const fromStdin = options.paths[0] === "-";
  // As OpenTofu: `-` turns listing and writing off; -check lists into a buffer and never writes.
  let opts: FmtOptions = fromStdin ? { ...options, list: false, write: false } : options;
  if (opts.check) opts = { ...opts, list: true, write: false };
  const run: Run = { options: opts, io, output: [], diagnostics: [], sources: new Map() };
  if (fromStdin) processText(run, "<stdin>", await stdin(), null);
  else processPaths(run, options.paths.length === 0 ? ["."] : options.paths);
  writeDiagnostics(io, run.diagnostics, run.sources);
  if (run.diagnostics.length > 0) return EXIT_FMT_ERROR;
  if (options.check) {
    // What -check found is printed only where listing was not turned off (nor by `-`).
    if (options.list && !fromStdin) for (const s of run.output) io.stdout.write(s);
    return run.output.length > 0 ? EXIT_FMT_CHECK : EXIT_OK;
  }
  for (const s of run.output) io.stdout.write(s);
  return EXIT_OK;
}

/** A path as OpenTofu prints it (workdir's NormalizePath): relative to the working directory. */
function displayPath(io: CommandIO, path: string): string {
  return relative(io.cwd, resolve(io.cwd, path)) || ".";
}

function processPaths(run: Run, paths: readonly string[]): void {
  for (const given of paths) {
    const path = displayPath(run.io, given);
    const full = isAbsolute(path) ? path : join(run.io.cwd, path);
    let isDir: boolean;
    try {
      isDir = statSync(full).isDirectory();
    } catch {
      run.diagnostics.push(
        sourceless("error", "Invalid file or directory path", `No file or directory at ${path}`),
      );
      return;
    }
    if (isDir) processDir(run, path, full);
    else if (EXTENSIONS.some((e) => path.endsWith(e))) processFile(run, path, full);
    else
      run.diagnostics.push(
        sourceless(
          "error",
          "Invalid file extension",
          "Only .tf, .tofu, .tfvars, .tftest.hcl, and .tofutest.hcl files can be processed with tofu fmt",
        ),
      );
  }
}

/** OpenTofu's configs.IsIgnoredFile: hidden files and editor backups. */
function isIgnored(name: string): boolean {
  return name.startsWith(".") || name.endsWith("~") || (name.startsWith("#") && name.endsWith("#"));
}

function processDir(run: Run, path: string, full: string): void {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    run.diagnostics.push(sourceless("error", "Invalid path", `Cannot read directory ${path}`));
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (isIgnored(entry.name)) continue;
    const sub = join(path, entry.name);
    const subFull = join(full, entry.name);
    if (entry.isDirectory()) {
      // Like `tofu plan`, one module at a time unless asked.
      if (run.options.recursive) processDir(run, sub, subFull);
      continue;
    }
    if (EXTENSIONS.some((e) => entry.name.endsWith(e))) processFile(run, sub, subFull);
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

function processFile(run: Run, path: string, full: string): void {
  let bytes: Buffer;
  try {
    bytes = readFileSync(full);
  } catch {
    run.diagnostics.push(
      sourceless("error", "Failed to read file", `Failed to load the content of the "${path}" file`),
    );
    return;
  }
  let src: string;
  try {
    src = UTF8.decode(bytes);
  } catch {
    // Decoding would replace the bad bytes: never write such a file back.
    run.diagnostics.push(
      sourceless(
        "error",
        "Invalid character encoding",
        `${path}: All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.`,
      ),
    );
    return;
  }
  processText(run, path, src, full);
}

function processText(run: Run, path: string, src: string, full: string | null): void {
  run.sources.set(path, src);
  const { formatted, diagnostics } = formatFile(src, path);
  if (formatted === null) {
    for (const item of diagnostics) run.diagnostics.push(item);
    return;
  }
  const { list, write, diff } = run.options;
  if (formatted !== src) {
    if (list) run.output.push(`${path}\n`);
    if (write && full !== null) {
      try {
        writeThroughRename(full, formatted);
      } catch {
        run.diagnostics.push(sourceless("error", "Writing formatted file failed", `Failed to write ${path}`));
        return;
      }
    }
    if (diff) run.output.push(unifiedDiff(src, formatted, path));
  }
  if (!list && !write && !diff) run.output.push(formatted);
}

/** Writes `text` to `path` through a temp file beside it and a rename, keeping the file's mode. */
function writeThroughRename(path: string, text: string): void {
  const mode = statSync(path).mode & 0o7777;
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tofukit-fmt`);
  try {
    writeFileSync(temp, text, { mode });
    chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
