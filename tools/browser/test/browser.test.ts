// The pure packages (hostname, cty, hcl, convert, typeexpr) bundled for the browser and run in
// headless Chromium: every host vector and every convert vector with an input must give the
// reference's answer there too, exactly as in Node.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "lossless-json";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as node from "../src/entry.js";

const here = dirname(fileURLToPath(import.meta.url));
const vectors = join(here, "..", "..", "..", "conformance", "vectors");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);

type Entry = typeof node;
declare global {
  interface Window {
    tofukit: Entry;
  }
}

function lines(file: string): Record<string, unknown>[] {
  return readFileSync(join(vectors, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => parse(l) as Record<string, unknown>);
}

/** The entry bundled as a browser script that sets `window.tofukit`. */
async function browserBundle(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    resolve: { conditions: ["@tofukit/source", "browser", "module", "import", "default"] },
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: {
        entry: join(here, "..", "src", "entry.ts"),
        name: "tofukit",
        formats: ["iife"],
        fileName: "tofukit",
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => ("output" in o ? o.output : [])).find((c) => c.type === "chunk");
  if (chunk === undefined || chunk.type !== "chunk") throw new Error("no bundle was produced");
  return chunk.code;
}

// Chromium is a Debian package (`apt-get install chromium`) that CI installs; a developer machine
// without it skips this file rather than failing for want of a browser.
describe.skipIf(!hasChromium)(`in headless Chromium (${CHROMIUM})`, () => {
  let browser: Browser;
  let page: Page;
  let bundle: string;

  beforeAll(async () => {
    bundle = await browserBundle();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      chromiumSandbox: false,
      args: [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    page = await browser.newPage();
    await page.setContent("<!doctype html><title>tofukit</title>");
    await page.addScriptTag({ content: bundle });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("bundles without any Node built-in", () => {
    expect(bundle).not.toMatch(/\brequire\(["']node:|from ["']node:/);
    expect(bundle.length).toBeGreaterThan(10_000);
  });

  it("normalizes every host vector as the reference does", async () => {
    const names = lines("host.jsonl").map((v) => v.name as string);
    const answers = await page.evaluate((all) => all.map((n) => window.tofukit.host(n)), names);
    const wants = lines("host.jsonl").map(
      (v) => v.want as { ok: boolean; comparison?: string; comparisonDisplay?: string; display: string },
    );
    let checked = 0;
    for (const [i, got] of answers.entries()) {
      const want = wants[i]!;
      expect(got.ok, names[i]).toBe(want.ok);
      expect(got.display, names[i]).toBe(want.display);
      if (want.ok) expect(got.comparison, names[i]).toBe(`${want.comparison}|${want.comparisonDisplay}`);
      checked++;
    }
    expect(checked).toBe(1004);
  });

  it("applies defaults and converts every convert vector with an input, byte for byte", async () => {
    const cases = lines("convert.jsonl")
      .filter((v) => v.input !== undefined)
      .map((v) => {
        const input = v.input as { type: unknown; value: unknown };
        return {
          expr: v.expr as string,
          type: input.type,
          value: stringify(input.value) ?? "null",
          want: v.want as { ok: boolean; console?: string },
        };
      });
    const answers = await page.evaluate(
      (all) => all.map((c) => window.tofukit.convertLine(c.expr, c.type, c.value)),
      cases.map(({ expr, type, value }) => ({
        expr,
        type: JSON.parse(JSON.stringify(type)) as unknown,
        value,
      })),
    );
    let rendered = 0;
    for (const [i, got] of answers.entries()) {
      const c = cases[i]!;
      // The same code in Node gives the same text: the browser is no different.
      expect(got).toBe(node.convertLine(c.expr, c.type, c.value));
      if (c.want.ok) {
        expect(got.split("\n").slice(2).join("\n")).toBe(c.want.console);
        rendered++;
      }
    }
    expect(rendered).toBeGreaterThan(1_500);
  });

  it("evaluates HCL constants and type constraints", async () => {
    const got = await page.evaluate(() => [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an HCL template interpolation, not JavaScript's.
      window.tofukit.evaluate('{ a = [1, 2.5e3, "x"], b = 10 / 4, c = "${"hi"} there" }'),
      window.tofukit.typeOf("map(object({b = number, a = optional(string)}))"),
    ]);
    expect(got).toEqual([
      '{\n  "a" = [\n    1,\n    2500,\n    "x",\n  ]\n  "b" = 2.5\n  "c" = "hi there"\n}',
      "map(object({a=string,b=number}))",
    ]);
  });
});
