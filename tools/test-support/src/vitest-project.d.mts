// Types of vitest-project.mjs.
import type { Plugin } from "vite";
import type { UserWorkspaceConfig } from "vitest/config";

/** The export conditions that make `@tofukit/*` imports resolve to `src/` (see DESIGN.md). */
export declare const sourceConditions: string[];

/** Where every member keeps its tests: `src/x.test.ts` beside `x.ts`, whole-package suites in `test/`. */
export declare const testGlobs: string[];

/**
 * A plugin that refuses to load a workspace package's `dist/` into a test: a stale build would
 * otherwise pass for the code under test. Tests that run built programs start them as processes.
 */
export declare function noBuiltOutput(): Plugin;

export interface ProjectOptions {
  /** The project's name, as `vitest --project NAME` selects it. */
  readonly name: string;
  /** Compare cty values by cty's rawEquals in toEqual, and print them as `tofu console` does. */
  readonly valueEquality?: boolean;
  /** Compare hcl's SourceRange (a syntax tree's lazy range) as the plain range it stands for in toEqual. */
  readonly rangeEquality?: boolean;
  /** Test globs, when the member keeps tests elsewhere than `src/` and `test/`. */
  readonly include?: readonly string[];
  readonly testTimeout?: number;
  readonly hookTimeout?: number;
  readonly globalSetup?: readonly string[];
  /** Module aliases, for a member that imports another's unpublished sources. */
  readonly alias?: Readonly<Record<string, string>>;
}

/** A member's vitest project. */
export declare function tofukitProject(options: ProjectOptions): UserWorkspaceConfig;
