// Types of check-summary.mjs, for the documentation's test that imports it.
export function checkLine(label: string, passed: number | string, failed: number | string): string;
export function totalLine(tally: {
  readonly passed: number | string;
  readonly failed: number | string;
  readonly skipped: number;
}): string;
