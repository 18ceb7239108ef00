// A fetch that sends every request through an undici dispatcher (an Agent with a private CA, a
// ProxyAgent, ...), with the pinned undici's fetch: the global fetch takes no dispatcher of ours.
import { type Dispatcher, fetch as undiciFetch } from "undici";

/** `given` when there is one, else the global fetch, or undici's through `dispatcher` when given. */
export function fetchThrough(
  given: typeof fetch | undefined,
  dispatcher: Dispatcher | undefined,
): typeof fetch {
  if (given !== undefined) return given;
  if (dispatcher === undefined) return fetch;
  return ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
}
