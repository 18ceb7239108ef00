// The lines `npm test` (scripts/check.mjs) ends with: one per check, then the total. In a module
// of their own so the documentation's test can hold the page's excerpt to the format printed.

/** One check's line: `LABEL: N passed, N failed`. */
export function checkLine(label, passed, failed) {
  return `${label}: ${passed} passed, ${failed} failed`;
}

/** The last line: `N passed, N failed`, and `, N skipped` when tests were skipped. */
export function totalLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}
