// The module mode's two editors: the configuration (one `variables.tf`, or a tree of files, each
// after a `# file: PATH` line) and the root module's terraform.tfvars. Kept apart from
// module-mode.ts, which is loaded only when the module mode is first used: the page maps the
// diagnostics' file names back to places in the editors with what is here.

/** The configuration editor's text when it has no `# file:` line: one file of this name. */
export const VARIABLES_FILE = "variables.tf";
export const TFVARS_FILE = "terraform.tfvars";
/** The name the splitting's own problems (a bad `# file:` line) give as their file. */
export const FILES_EDITOR = "(files)";

/** One file of the configuration editor: its path from the root module, and where its text starts. */
export interface TreeFile {
  /** "/"-separated, relative to the root module: `main.tf`, `modules/buckets/variables.tf`. */
  readonly path: string;
  readonly text: string;
  /** The offset of the file's first character in the editor's text. */
  readonly offset: number;
}

/** A `# file:` line that cannot be used, by its offsets in the editor's text. */
interface SplitProblem {
  readonly summary: string;
  readonly detail: string;
  readonly from: number;
  readonly to: number;
}

interface SplitFiles {
  readonly files: readonly TreeFile[];
  readonly problems: readonly SplitProblem[];
}

const MARKER = /^#[ \t]*file:[ \t]*(.*?)[ \t]*\r?$/;

/**
 * A path as the reader is asked for it ("/"-separated, no `.` or empty parts), or why it cannot
 * name a file of the tree: absolute, a drive, or leaving the root module's directory.
 */
export function treePath(raw: string): { path: string } | { problem: string } {
  if (raw === "") return { problem: "The line names no file." };
  const slashed = raw.replaceAll("\\", "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) {
    return { problem: `${raw} is an absolute path: give paths relative to the root module.` };
  }
  const parts: string[] = [];
  for (const part of slashed.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return { problem: `${raw} is outside the root module's directory.` };
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  if (parts.length === 0 || slashed.endsWith("/"))
    return { problem: `${raw} names a directory, not a file.` };
  return { path: parts.join("/") };
}

/**
 * The files of the configuration editor. Without a `# file:` line the whole text is
 * `variables.tf`; with them, each file is the lines after its marker up to the next one (empty
 * files allowed). Text before the first marker may be blank lines and comments only.
 */
export function splitFiles(text: string): SplitFiles {
  const lines: { start: number; end: number }[] = [];
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    lines.push({ start, end });
    if (nl < 0) break;
    start = nl + 1;
  }
  const markers = lines
    .map((l) => ({ ...l, match: MARKER.exec(text.slice(l.start, l.end)) }))
    .filter((l) => l.match !== null);
  if (markers.length === 0) return { files: [{ path: VARIABLES_FILE, text, offset: 0 }], problems: [] };

  const problems: SplitProblem[] = [];
  const before = text.slice(0, markers[0]!.start);
  const stray = before.split("\n").findIndex((l) => l.trim() !== "" && !/^\s*(#|\/\/)/.test(l));
  if (stray >= 0) {
    const from = before.split("\n").slice(0, stray).join("\n").length + (stray > 0 ? 1 : 0);
    problems.push({
      summary: "Text outside any file",
      detail:
        "Everything after the first # file: line belongs to a file; before it, only comments may stand.",
      from,
      to: from + before.split("\n")[stray]!.length,
    });
  }
  const files: TreeFile[] = [];
  const firstLine = new Map<string, number>();
  markers.forEach((marker, i) => {
    const next = markers[i + 1];
    const offset = Math.min(marker.end + 1, text.length);
    // A file's text ends with the newline before the next marker.
    const end = next === undefined ? text.length : Math.max(offset, next.start);
    const at = { from: marker.start, to: marker.end };
    const named = treePath(marker.match![1]!);
    if ("problem" in named) {
      problems.push({ summary: "Invalid file path", detail: named.problem, ...at });
      return;
    }
    const line = lines.indexOf(lines.find((l) => l.start === marker.start)!) + 1;
    const seen = firstLine.get(named.path);
    if (seen !== undefined) {
      problems.push({
        summary: "Duplicate file",
        detail: `${named.path} is given twice: first at line ${seen}.`,
        ...at,
      });
      return;
    }
    if (named.path === TFVARS_FILE) {
      problems.push({
        summary: "Duplicate file",
        detail: `The root module's ${TFVARS_FILE} is the second editor's text.`,
        ...at,
      });
      return;
    }
    firstLine.set(named.path, line);
    files.push({ path: named.path, text: text.slice(offset, end), offset });
  });
  return { files, problems };
}

/** The directory of a tree path: "." for the root module's files. */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "." : path.slice(0, slash);
}
