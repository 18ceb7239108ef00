// templatefile as OpenTofu's funcs/filesystem.go and render_template.go: read a file with the
// `file` function's rules, parse it as a bare template, check its variables against `vars`, and
// evaluate it with the whole function table, where `templatefile` itself is one level deeper,
// up to a recursion limit (options.templateRecursionDepth).
import {
  CtyFunction,
  FunctionError,
  type FunctionTable,
  markedVal,
  marksOf,
  t,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Diagnostic,
  diagnosticError,
  evaluate,
  formatRange,
  hasErrors,
  parseTemplate,
} from "@tofukit/hcl";
import type { FunctionOptions } from "../options.js";
import { templateVariables } from "../template-variables.js";
import { utf8Text } from "../utf8.js";
import { readFileBytes, redacted } from "./file-access.js";

// OpenTofu's default is 1024; JavaScript's stack holds about 500 levels of nested evaluation.
const DEFAULT_MAX_DEPTH = 256;
const MAX_TRACE = 16;
const IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u;

/** The recursion limit reached, with the call sites it passed through (innermost first). */
class RecursionLimit extends FunctionError {
  constructor(readonly sources: readonly string[]) {
    super(recursionMessage(sources));
  }

  // FunctionError recognises every FunctionError by its brand; this class only its own.
  static override [Symbol.hasInstance](candidate: unknown): boolean {
    return (
      FunctionError[Symbol.hasInstance](candidate) &&
      Array.isArray((candidate as { sources?: unknown }).sources)
    );
  }
}

function recursionMessage(sources: readonly string[]): string {
  const trace: string[] = [];
  for (const source of sources.slice(0, MAX_TRACE)) {
    const looped = trace.includes(source);
    trace.push(source);
    if (looped) break;
  }
  return `maximum recursion depth ${sources.length - 1} reached in ${trace.join(", ")} ... `;
}

/** hcl.Diagnostics.Error(): the first diagnostic, and how many more there were. */
function diagnosticsText(diags: readonly Diagnostic[]): string {
  const d = diags[0]!;
  const first = diagnosticError(d);
  return diags.length === 1 ? first : `${first}, and ${diags.length - 1} other diagnostic(s)`;
}

/** The text of a file as the `file` function reads it (its messages, argument 0). */
export function fileText(options: FunctionOptions, path: string, marks: ReadonlySet<string>): string {
  const bytes = readFileBytes(options, path, marks, 0);
  const text = utf8Text(bytes);
  if (text === null) {
    throw new FunctionError(
      `contents of ${redacted(path, marks)} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead`,
    );
  }
  return text;
}

interface Recursion {
  /** The recursion limit an inner call reached during the current evaluation, if any. */
  inner: RecursionLimit | null;
}

function render(
  options: FunctionOptions,
  table: () => FunctionTable,
  depth: number,
  recursion: Recursion,
  path: string,
  marks: ReadonlySet<string>,
  vars: Value,
): Value {
  if (depth > (options.templateRecursionDepth ?? DEFAULT_MAX_DEPTH)) throw new RecursionLimit([]);
  const { expr, diagnostics } = parseTemplate(fileText(options, path, marks), path);
  if (hasErrors(diagnostics)) throw new FunctionError(diagnosticsText(diagnostics));
  if (vars.type.kind !== "map" && vars.type.kind !== "object") {
    throw new FunctionError("invalid vars value: must be a map", 1);
  }
  const names = vars.entryKeys();
  for (const n of names) {
    if (!IDENTIFIER.test(n)) {
      throw new FunctionError(
        `invalid template variable name ${goQuote(n)}: must start with a letter, followed by zero or more letters, digits, and underscores`,
        1,
      );
    }
  }
  for (const v of templateVariables(expr)) {
    if (!names.includes(v.name)) {
      throw new FunctionError(
        `vars map does not contain key ${goQuote(v.name)}, referenced at ${formatRange(v.range)}`,
        1,
      );
    }
  }
  const variables = Object.fromEntries(names.map((n, i) => [n, vars.entryValues()[i]!]));
  const functions = { ...(table() as Record<string, CtyFunction>) };
  const inner: Recursion = { inner: null };
  functions.templatefile = templateFileFunction(options, table, depth + 1, inner);
  const result = evaluate(expr, { variables, functions });
  if (hasErrors(result.diagnostics)) {
    if (inner.inner !== null) {
      const site = result.diagnostics.find((d) => d.summary === "Error in function call");
      const err = new RecursionLimit([
        ...inner.inner.sources,
        site?.subject === undefined ? "" : formatRange(site.subject),
      ]);
      recursion.inner = err;
      throw err;
    }
    throw new FunctionError(diagnosticsText(result.diagnostics));
  }
  return result.value;
}

/** templatefile at a recursion depth; `table` gives the function table templates see. */
export function templateFileFunction(
  options: FunctionOptions,
  table: () => FunctionTable,
  depth = 0,
  recursion: Recursion = { inner: null },
): CtyFunction {
  return new CtyFunction({
    params: [
      { name: "path", type: t.string, allowMarked: true },
      { name: "vars", type: t.dynamic },
    ],
    type: () => t.dynamic,
    impl: ([p, vars]) => {
      const marks = marksOf(p!);
      try {
        const out = render(options, table, depth, recursion, unmarkedVal(p!).asString(), marks, vars!);
        return marks.size > 0 ? markedVal(out, marks) : out;
      } catch (e) {
        if (e instanceof RecursionLimit) recursion.inner = e;
        throw e;
      }
    },
  });
}
