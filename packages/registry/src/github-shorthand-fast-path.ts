// A fast path of go-getter's detection for the commonest remote source, the GitHub shorthand
// `github.com/OWNER/REPO[/SUBDIR…][?QUERY]` in plain characters: the answer detectPackage gives,
// built by concatenation instead of two rounds of net/url parsing and printing. Anything it does
// not recognize (escapes, colons, empty segments, a bare "?") is left to the general detection;
// github-shorthand-fast-path.test.ts checks the two against each other.

// Segments of unreserved characters only, which net/url neither decodes nor escapes; a query of
// characters it keeps as they are, without "#" (which Parse would take as a fragment).
const SHORTHAND =
  /^github\.com\/([A-Za-z0-9._~-]+)\/([A-Za-z0-9._~-]+)((?:\/[A-Za-z0-9._~-]+)*)(?:\?([A-Za-z0-9._~=&/-]+))?$/;

/** detectPackage's answer for a plain GitHub shorthand, or null when the source is anything else. */
export function githubShorthandFastPath(given: string): string | null {
  if (!given.startsWith("github.com/")) return null;
  const m = SHORTHAND.exec(given);
  if (m === null) return null;
  const repo = m[2]!.endsWith(".git") ? m[2] : `${m[2]}.git`;
  // The GitHub detector puts segments after the repository behind "//" as a subdirectory.
  const subdir = m[3] === "" ? "" : `//${m[3]!.slice(1)}`;
  const query = m[4] === undefined ? "" : `?${m[4]}`;
  return `git::https://github.com/${m[1]}/${repo}${subdir}${query}`;
}
