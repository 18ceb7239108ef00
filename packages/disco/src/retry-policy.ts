// When a failed discovery is tried again and how long to wait first: connection failures and
// 502/503/504 are retried with exponential backoff, as OpenTofu's registry client
// (go-retryablehttp, TF_REGISTRY_DISCOVERY_RETRY) does for registry requests.
import type { Cancellation } from "./cancellation.js";
import { DiscoveryError } from "./errors.js";
import { isRetryableTransportError } from "./transport-error.js";

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export function isRetryable(error: unknown): boolean {
  if (!(error instanceof DiscoveryError)) return false;
  if (error.code === "TOFUKIT_DISCO_HTTP_STATUS") return RETRYABLE_STATUSES.has(error.status ?? 0);
  // An unreachable proxy may come back, as any connection may; one that refused the tunnel will not.
  return (
    (error.code === "TOFUKIT_DISCO_NETWORK" || error.code === "TOFUKIT_DISCO_PROXY") &&
    isRetryableTransportError(error.cause)
  );
}

/** go-retryablehttp's default backoff: `min × 2^attempt`, capped at `max` (milliseconds). */
export function backoff(attempt: number, min: number, max: number): number {
  return Math.min(max, min * 2 ** attempt);
}

/** Resolves after `ms`, or rejects with `onCancel()` as soon as `cancellation` is cancelled. */
export function pause(ms: number, cancellation: Cancellation, onCancel: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (cancellation.aborted) {
      reject(onCancel());
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(onCancel());
    };
    const timer = setTimeout(() => {
      cancellation.off("abort", stop);
      resolve();
    }, ms);
    cancellation.once("abort", stop);
  });
}
