import { describe, expect, it } from "vitest";
import { Deadlines } from "./deadlines.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Deadlines", () => {
  it("expires each entry after its own delay, in order", async () => {
    const deadlines = new Deadlines();
    const fired: string[] = [];
    const started = performance.now();
    const late = new Promise<void>((resolve) =>
      deadlines.add(150, () => {
        fired.push(`late after ${performance.now() - started >= 149 ? "150" : "less"}`);
        resolve();
      }),
    );
    const early = new Promise<void>((resolve) =>
      deadlines.add(20, () => {
        fired.push("early");
        resolve();
      }),
    );
    await early;
    await late;
    expect(fired).toEqual(["early", "late after 150"]);
  });

  it("never expires a removed entry", async () => {
    const deadlines = new Deadlines();
    let fired = false;
    const remove = deadlines.add(10, () => {
      fired = true;
    });
    remove();
    await sleep(40);
    expect(fired).toBe(false);
  });

  it("keeps later entries after the first one expires", async () => {
    const deadlines = new Deadlines();
    const first = new Promise<number>((resolve) => deadlines.add(10, () => resolve(1)));
    const second = new Promise<number>((resolve) => deadlines.add(30, () => resolve(2)));
    expect(await Promise.all([first, second])).toEqual([1, 2]);
  });
});
