import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Deadlines } from "./deadlines.js";

// The clock is vitest's: each step of time is taken on purpose, so a busy machine changes nothing.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Deadlines", () => {
  it("expires each entry after its own delay, in order", () => {
    const deadlines = new Deadlines();
    const fired: string[] = [];
    deadlines.add(150, () => fired.push("late"));
    deadlines.add(20, () => fired.push("early"));
    vi.advanceTimersByTime(19);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(["early"]);
    vi.advanceTimersByTime(129);
    expect(fired).toEqual(["early"]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(["early", "late"]);
  });

  it("never expires a removed entry", () => {
    const deadlines = new Deadlines();
    let fired = false;
    const remove = deadlines.add(10, () => {
      fired = true;
    });
    remove();
    vi.advanceTimersByTime(40);
    expect(fired).toBe(false);
  });

  it("keeps later entries after the first one expires", () => {
    const deadlines = new Deadlines();
    const fired: number[] = [];
    deadlines.add(10, () => fired.push(1));
    deadlines.add(30, () => fired.push(2));
    vi.advanceTimersByTime(10);
    expect(fired).toEqual([1]);
    vi.advanceTimersByTime(20);
    expect(fired).toEqual([1, 2]);
  });
});
