// HCL highlighting for the CodeMirror editors: a small stream tokenizer for the native syntax
// (comments, strings with interpolations, heredocs, numbers, keywords, type keywords, attribute
// names) and the colours it maps to.
import { HighlightStyle, StreamLanguage, type StringStream, syntaxHighlighting } from "@codemirror/language";
import type { Extension } from "@codemirror/state";
import { tags } from "@lezer/highlight";

interface HclState {
  /** Inside a block comment that continues on the next line. */
  inComment: boolean;
  /** The delimiter of the heredoc being read, or null. */
  heredoc: string | null;
  /** Inside a quoted string that an interpolation interrupted: the `${` depth stack of braces. */
  templates: number[];
  inString: boolean;
}

const keywords = new Set(["true", "false", "null", "for", "in", "if", "else", "endif", "endfor"]);
const typeWords = new Set([
  "string",
  "number",
  "bool",
  "any",
  "list",
  "map",
  "set",
  "object",
  "tuple",
  "optional",
]);

function readString(stream: StringStream, state: HclState): string {
  while (!stream.eol()) {
    const ch = stream.next();
    if (ch === "\\") {
      stream.next();
    } else if (ch === '"') {
      state.inString = false;
      return "string";
    } else if ((ch === "$" || ch === "%") && stream.peek() === "{") {
      stream.backUp(1);
      if (stream.pos > stream.start) return "string";
      stream.match(/^[$%]\{/);
      state.inString = false;
      state.templates.push(0);
      return "meta";
    }
  }
  return "string";
}

const hcl = StreamLanguage.define<HclState>({
  name: "hcl",
  startState: () => ({ inComment: false, heredoc: null, templates: [], inString: false }),
  copyState: (s) => ({ ...s, templates: [...s.templates] }),
  token(stream, state) {
    if (state.heredoc !== null) {
      if (stream.sol() && stream.string.trim() === state.heredoc) {
        stream.skipToEnd();
        state.heredoc = null;
        return "meta";
      }
      stream.skipToEnd();
      return "string";
    }
    if (state.inComment) {
      if (stream.skipTo("*/")) {
        stream.match("*/");
        state.inComment = false;
      } else stream.skipToEnd();
      return "comment";
    }
    if (state.inString) return readString(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match("#") || stream.match("//")) {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.match("/*")) {
      state.inComment = true;
      return "comment";
    }
    const heredoc = stream.match(/^<<-?([A-Za-z_][\w-]*)/);
    if (heredoc) {
      state.heredoc = (heredoc as RegExpMatchArray)[1]!;
      return "meta";
    }
    if (stream.eat('"')) {
      state.inString = true;
      return readString(stream, state);
    }
    if (stream.match(/^\d+(\.\d+)?([eE][+-]?\d+)?/)) return "number";
    const depth = state.templates.length;
    if (depth > 0) {
      if (stream.eat("{")) {
        state.templates[depth - 1]!++;
        return "bracket";
      }
      if (stream.peek() === "}") {
        stream.next();
        if (state.templates[depth - 1] === 0) {
          state.templates.pop();
          state.inString = true;
          return "meta";
        }
        state.templates[depth - 1]!--;
        return "bracket";
      }
    }
    if (stream.match(/^[A-Za-z_][\w-]*/)) {
      const word = stream.current();
      if (keywords.has(word)) return "keyword";
      if (typeWords.has(word) && stream.match(/^\s*\(/, false)) return "typeName";
      if (typeWords.has(word) && /^(string|number|bool|any|list|map|set)$/.test(word)) return "typeName";
      if (stream.match(/^\s*[=:](?!=)/, false)) return "propertyName";
      if (stream.match(/^\s*\(/, false)) return "variableName.function";
      return "variableName";
    }
    if (stream.match(/^[[\](){}]/)) return "bracket";
    if (stream.match(/^(==|!=|<=|>=|&&|\|\||=>|\.\.\.|[-+*/%<>!?:=.,])/)) return "operator";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#", block: { open: "/*", close: "*/" } } },
});

const style = HighlightStyle.define([
  { tag: tags.comment, color: "var(--tk-code-comment)", fontStyle: "italic" },
  { tag: tags.string, color: "var(--tk-code-string)" },
  { tag: tags.number, color: "var(--tk-code-number)" },
  { tag: tags.keyword, color: "var(--tk-code-keyword)" },
  { tag: tags.typeName, color: "var(--tk-code-type)", fontWeight: "600" },
  { tag: tags.propertyName, color: "var(--tk-code-property)" },
  { tag: tags.function(tags.variableName), color: "var(--tk-code-function)" },
  { tag: tags.meta, color: "var(--tk-code-keyword)" },
  { tag: tags.operator, color: "var(--tk-code-operator)" },
]);

/** HCL syntax highlighting for an editor. */
export function hclHighlighting(): Extension {
  return [hcl, syntaxHighlighting(style)];
}
