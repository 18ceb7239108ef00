// host.jsonl: friendly hostnames through @tofukit/hostname's public API.
import { displayOf, forComparison, forDisplay, HostnameError } from "@tofukit/hostname";
import type { OpRunner, Vector } from "../op-runner.js";

interface HostAnswer {
  ok: boolean;
  comparison?: string;
  comparisonDisplay?: string;
  display: string;
  error?: string;
}

function run(vector: Vector): HostAnswer {
  const name = vector.data.name as string;
  const display = forDisplay(name);
  try {
    const comparison = forComparison(name);
    return { ok: true, comparison, comparisonDisplay: displayOf(comparison), display };
  } catch (error) {
    if (error instanceof HostnameError) return { ok: false, error: error.message, display };
    return { ok: false, error: `unexpected ${String(error)}`, display };
  }
}

function compare(vector: Vector, got: unknown): string | null {
  const want = vector.data.want as HostAnswer;
  const answer = got as HostAnswer;
  if (answer.ok !== want.ok) return `ok: wanted ${want.ok}, got ${answer.ok}`;
  if (answer.display !== want.display) return "display differs";
  if (want.ok) {
    if (answer.comparison !== want.comparison) return "comparison differs";
    if (answer.comparisonDisplay !== want.comparisonDisplay) return "comparisonDisplay differs";
    return null;
  }
  // Messages of Go's IDNA library need not match word for word; they must still be IDNA errors.
  if (want.error?.startsWith("idna: ")) {
    return answer.error?.startsWith("idna: ") ? null : "wanted an IDNA error";
  }
  return answer.error === want.error ? null : "error message differs";
}

export const hostOp: OpRunner = { op: "host", run, compare };
