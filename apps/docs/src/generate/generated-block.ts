// Generated markdown goes into one container on its page: marked `tk-generated`, so a reader (and
// the tests) can tell it from the page's own prose, and `v-pre`, so that Vue leaves any `{{` in a
// doc comment alone.

export function generatedBlock(markdown: string): string {
  return `<div class="tk-generated" v-pre>\n\n${markdown.trim()}\n\n</div>\n`;
}
