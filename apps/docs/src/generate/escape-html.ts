// Doc comments may write `<name>` in plain text (as in "TF_VAR_<name>"), which markdown passes on
// as an HTML tag that Vue then refuses. Outside code, every `<` that does not open TypeDoc's own
// anchors becomes `&lt;`; code spans and fenced blocks stay as they are.

export function escapeStrayTags(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      return line
        .split(/(`[^`]*`)/)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(/<(?!a id="[^"]*"><\/a>|\/a>)/g, "&lt;")))
        .join("");
    })
    .join("\n");
}
