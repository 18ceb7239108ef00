// The GitHub shorthand fast path gives exactly what the general detection gives, wherever it
// answers at all, and leaves everything unusual to it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DetectError, detectPackageInGeneral } from "./getter-detect.js";
import { githubShorthandFastPath } from "./github-shorthand-fast-path.js";

// Plain characters, and every character that changes how net/url or go-getter read a source.
const piece = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(..."abcXYZ019._~-") },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "/",
          "//",
          "?",
          "#",
          "%",
          "%2F",
          "%zz",
          ":",
          "::",
          "@",
          " ",
          "=",
          "&",
          "é",
          "\n",
          ".git",
          "..",
        ),
      },
    ),
    { maxLength: 8 },
  )
  .map((units) => units.join(""));
const shorthand = fc
  .tuple(fc.constantFrom("github.com/", "github.com", "GitHub.com/", "git::github.com/"), piece, piece, piece)
  .map(([prefix, a, b, c]) => `${prefix}${a}/${b}${c}`);

function general(source: string): string {
  try {
    return detectPackageInGeneral(source);
  } catch (error) {
    if (error instanceof DetectError) return `error: ${error.message}`;
    throw error;
  }
}

describe("githubShorthandFastPath", () => {
  it("answers the common forms as the general detection does", () => {
    for (const source of [
      "github.com/a/b",
      "github.com/hashicorp/example",
      "github.com/hashicorp/example.git",
      "github.com/hashicorp/example/modules/x",
      "github.com/hashicorp/example?ref=v1.2.0",
      "github.com/hashicorp/example/modules/x?ref=feature/y&depth=1",
      "github.com/../..",
    ]) {
      expect(githubShorthandFastPath(source)).toBe(general(source));
    }
  });

  it("leaves anything unusual to the general detection", () => {
    for (const source of [
      "github.com/a",
      "github.com/a/b/",
      "github.com/a/b?",
      "github.com/a/b?ref=x#frag",
      "github.com/a%2Fb/c",
      "github.com/a/b:c",
      "github.com/é/b",
      "git::github.com/a/b",
      "https://github.com/a/b",
    ]) {
      expect(githubShorthandFastPath(source)).toBeNull();
    }
  });

  it("agrees with the general detection on generated sources", () => {
    let answered = 0;
    fc.assert(
      fc.property(shorthand, (source) => {
        const fast = githubShorthandFastPath(source);
        if (fast === null) return;
        answered++;
        expect(fast).toBe(general(source));
      }),
      { numRuns: 3000 },
    );
    // The property is about the fast path: it must have answered a good share of the cases.
    expect(answered).toBeGreaterThan(100);
  });
});
