// Templates: turning the literal and `${}`/`%{}` parts of a string or heredoc into expressions,
// with HCL's `~` whitespace stripping and `<<-` heredoc indentation stripping.
import type { Expression } from "./ast.js";
import { type Diagnostic, errorDiag, formatRange } from "./diagnostic.js";
import { stringLiteral } from "./intern.js";
import { type Range, rangeBetween } from "./pos.js";
import { literalOver } from "./syntax-node.js";

export type TemplatePart =
  | { kind: "literal"; value: string; range: Range }
  | { kind: "interp"; expr: Expression; range: Range }
  | { kind: "if"; cond: Expression; range: Range }
  | { kind: "for"; keyVar: string; valVar: string; coll: Expression; range: Range }
  | { kind: "endCtrl"; which: "else" | "endif" | "endfor"; range: Range }
  | { kind: "end"; range: Range };

function leadingSpace(s: string): number {
  const m = /^\s*/u.exec(s);
  return m === null ? 0 : m[0].length;
}

function countChars(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Removes the common indentation of a `<<-` heredoc. Lines holding only whitespace do not count
 * towards the common indentation; the amount is counted in characters, as HCL counts columns.
 */
export function flushHeredocParts(parts: TemplatePart[]): void {
  let minSpaces = Number.POSITIVE_INFINITY;
  let newline = true;
  const adjust: Extract<TemplatePart, { kind: "literal" }>[] = [];
  for (const part of parts) {
    if (newline) {
      newline = false;
      let spaces = Number.POSITIVE_INFINITY;
      if (part.kind === "literal") {
        const lead = leadingSpace(part.value);
        if (lead === part.value.length && part.value.endsWith("\n")) {
          spaces = Number.POSITIVE_INFINITY;
        } else {
          spaces = countChars(part.value.slice(0, lead));
          adjust.push(part);
        }
      } else if (part.kind === "end") {
        break;
      } else {
        spaces = 0;
      }
      if (spaces < minSpaces) minSpaces = spaces;
    }
    if (part.kind === "literal" && part.value.endsWith("\n")) newline = true;
  }
  if (!Number.isFinite(minSpaces) || minSpaces === 0) return;
  for (const lit of adjust) {
    let cut = 0;
    for (let k = 0; k < minSpaces && cut < lit.value.length; k++) {
      cut += (lit.value.codePointAt(cut) as number) > 0xffff ? 2 : 1;
    }
    lit.value = lit.value.slice(cut);
  }
}

/** Joins adjacent literal parts into one. */
export function meldLiterals(parts: TemplatePart[]): TemplatePart[] {
  const out: TemplatePart[] = [];
  for (const part of parts) {
    const prev = out[out.length - 1];
    if (part.kind === "literal" && prev !== undefined && prev.kind === "literal") {
      out[out.length - 1] = {
        kind: "literal",
        value: prev.value + part.value,
        range: rangeBetween(prev.range, part.range),
      };
    } else {
      out.push(part.kind === "literal" ? { ...part } : part);
    }
  }
  return out;
}

const emptyString = (at: Range): Expression => ({
  kind: "literal",
  value: { type: "string", value: "" },
  range: at,
});
const errorPlaceholder = (range: Range): Expression => ({
  kind: "literal",
  value: { type: "unknown" },
  range,
});

/** Builds the template's expressions, pairing `%{if}`/`%{else}`/`%{endif}` and `%{for}`/`%{endfor}`. */
export function buildTemplate(parts: readonly TemplatePart[]): { exprs: Expression[]; diags: Diagnostic[] } {
  let pos = 0;
  const diags: Diagnostic[] = [];
  const peek = (): TemplatePart => parts[pos] as TemplatePart;
  const read = (): TemplatePart => {
    const p = peek();
    if (p.kind !== "end") pos++;
    return p;
  };

  // Directives nest; an explicit stack keeps this iterative in the depth of nesting.
  interface Frame {
    open: Extract<TemplatePart, { kind: "if" } | { kind: "for" }>;
    /** The branch being collected: the if-branch (or for body), then the else-branch. */
    current: Expression[];
    /** The if-branch, kept here once an else directive has switched `current` to the else-branch. */
    ifExprs: Expression[] | null;
  }
  const stack: Frame[] = [];
  const root: Expression[] = [];
  const target = (): Expression[] => {
    const top = stack[stack.length - 1];
    return top === undefined ? root : top.current;
  };

  for (;;) {
    const next = peek();
    if (next.kind === "end") {
      const top = stack.pop();
      if (top === undefined) break;
      const what = top.open.kind === "if" ? "if" : "for";
      diags.push(
        errorDiag(
          "Unexpected end of template",
          `The ${what} directive at ${formatRange(top.open.range)} is missing its corresponding end${what} directive.`,
          next.range,
        ),
      );
      // The whole unbalanced directive becomes a placeholder in its parent.
      target().push(errorPlaceholder(next.range));
      continue;
    }
    read();
    switch (next.kind) {
      case "literal":
        target().push(literalOver(stringLiteral(next.value), next.range));
        break;
      case "interp":
        target().push(next.expr);
        break;
      case "if":
      case "for":
        stack.push({ open: next, current: [], ifExprs: null });
        break;
      case "endCtrl": {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          diags.push(
            errorDiag(
              `Unexpected ${next.which} directive`,
              "The control directives within this template are unbalanced.",
              next.range,
            ),
          );
          root.push(errorPlaceholder(next.range));
          break;
        }
        if (top.open.kind === "if") {
          if (next.which === "else" && top.ifExprs === null) {
            top.ifExprs = top.current;
            top.current = [];
            break;
          }
          if (next.which === "endif") {
            stack.pop();
            const ifExprs = top.ifExprs ?? top.current;
            const elseExprs = top.ifExprs === null ? [] : top.current;
            if (ifExprs.length === 0)
              ifExprs.push(
                emptyString({
                  filename: top.open.range.filename,
                  start: top.open.range.end,
                  end: top.open.range.end,
                }),
              );
            if (elseExprs.length === 0)
              elseExprs.push(
                emptyString({
                  filename: next.range.filename,
                  start: next.range.start,
                  end: next.range.start,
                }),
              );
            target().push({
              kind: "conditional",
              condition: top.open.cond,
              trueResult: { kind: "template", parts: ifExprs, range: spanOf(ifExprs) },
              falseResult: { kind: "template", parts: elseExprs, range: spanOf(elseExprs) },
              range: rangeBetween(top.open.range, next.range),
            });
            break;
          }
          stack.pop();
          diags.push(
            next.which === "else"
              ? errorDiag(
                  "Unexpected else directive",
                  `Already in the else clause for the if started at ${formatRange(top.open.range)}.`,
                  next.range,
                )
              : errorDiag(
                  `Unexpected ${next.which} directive`,
                  `Expecting an endif directive for the if started at ${formatRange(top.open.range)}.`,
                  next.range,
                ),
          );
          target().push(errorPlaceholder(next.range));
          break;
        }
        // Inside a for directive.
        stack.pop();
        if (next.which === "endfor") {
          const content = top.current;
          if (content.length === 0)
            content.push(
              emptyString({
                filename: top.open.range.filename,
                start: top.open.range.end,
                end: top.open.range.end,
              }),
            );
          const open = top.open as Extract<TemplatePart, { kind: "for" }>;
          const range = rangeBetween(open.range, next.range);
          target().push({
            kind: "templateJoin",
            tuple: {
              kind: "for",
              keyVar: open.keyVar,
              valVar: open.valVar,
              collection: open.coll,
              keyExpr: null,
              valExpr: { kind: "template", parts: content, range: spanOf(content) },
              condition: null,
              group: false,
              openRange: open.range,
              closeRange: next.range,
              range,
            },
            range,
          });
          break;
        }
        diags.push(
          next.which === "else"
            ? errorDiag(
                "Unexpected else directive",
                "An else clause is not expected for a for directive.",
                next.range,
              )
            : errorDiag(
                `Unexpected ${next.which} directive`,
                `Expecting an endfor directive corresponding to the for directive at ${formatRange(top.open.range)}.`,
                next.range,
              ),
        );
        target().push(errorPlaceholder(next.range));
        break;
      }
    }
  }
  return { exprs: root, diags };
}

function spanOf(exprs: readonly Expression[]): Range {
  return rangeBetween((exprs[0] as Expression).range, (exprs[exprs.length - 1] as Expression).range);
}
