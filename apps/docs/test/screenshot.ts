// The playground with the buckets example, photographed for the repository's README
// (`node scripts/screenshot.mjs` after a build writes apps/docs/screenshot-playground.png).
import { join } from "node:path";
import { launchChromium } from "./chromium.js";
import { serveStatic } from "./static-server.js";

export async function screenshotPlayground(docsRoot: string): Promise<string> {
  const site = await serveStatic(join(docsRoot, "dist"));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${site.origin}/playground.html`, { waitUntil: "load" });
    await page.waitForSelector('[data-testid="playground"][data-ready="true"]', { timeout: 30_000 });
    const file = join(docsRoot, "screenshot-playground.png");
    await page.screenshot({ path: file });
    return file;
  } finally {
    await browser.close();
    await site.close();
  }
}
