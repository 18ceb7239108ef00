// Retrying registry requests as OpenTofu's client does (go-retryablehttp with
// httpclient.NewForRegistryRequests): its backoff, and a failure that carries its final text.

/** A request that failed after its last attempt. */
export class RequestFailure extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const statusOf = (f: RequestFailure): { status?: number } =>
  f.status === undefined ? {} : { status: f.status };

// go-retryablehttp's DefaultBackoff: Retry-After seconds on 429 and 503, else 1 s doubling to 30 s.
export function defaultRetryDelay(attempt: number, response: Response | undefined): number {
  if (response !== undefined && (response.status === 429 || response.status === 503)) {
    const after = response.headers.get("Retry-After");
    if (after !== null && /^[0-9]+$/.test(after)) return Number(after) * 1000;
  }
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new RequestFailure("request canceled", signal.reason));
      },
      { once: true },
    );
  });
}
