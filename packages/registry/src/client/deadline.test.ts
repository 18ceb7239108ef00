// A deadline beside the caller's signal: either aborts the request, only the time says "expired".
import { describe, expect, it } from "vitest";
import { Deadline } from "./deadline.js";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Deadline", () => {
  it("has no signal when there is neither a limit nor a caller's signal", () => {
    const d = new Deadline(undefined, undefined);
    expect(d.signal).toBeUndefined();
    expect(d.expired()).toBe(false);
  });

  it("expires after its time and aborts its signal", async () => {
    const d = new Deadline(undefined, 20);
    expect(d.expired()).toBe(false);
    await tick(60);
    expect(d.expired()).toBe(true);
    expect(d.signal?.aborted).toBe(true);
  });

  it("aborts with the caller's signal without counting as expired", () => {
    const caller = new AbortController();
    const d = new Deadline(caller.signal, 60_000);
    caller.abort();
    expect(d.signal?.aborted).toBe(true);
    expect(d.expired()).toBe(false);
  });

  it("uses the caller's signal alone when there is no limit", () => {
    const caller = new AbortController();
    expect(new Deadline(caller.signal, undefined).signal).toBe(caller.signal);
  });
});
