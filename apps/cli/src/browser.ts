// Opening the user's web browser at a URL, as `tofu login` does through its browser launcher:
// the platform's opener, and no attempt at all where there is no display to show a browser on.
import { spawn } from "node:child_process";

/** The command that opens a URL here, or null when no browser can be shown (no display). */
function browserOpener(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): { command: string; args: (url: string) => string[] } | null {
  if (platform === "darwin") return { command: "open", args: (url) => [url] };
  if (platform === "win32")
    return { command: "rundll32", args: (url) => ["url.dll,FileProtocolHandler", url] };
  const display = (env.DISPLAY ?? "") !== "" || (env.WAYLAND_DISPLAY ?? "") !== "";
  return display ? { command: "xdg-open", args: (url) => [url] } : null;
}

/** Starts the browser at `url`; false when it could not be started (then the URL is printed). */
export function openBrowser(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<boolean> {
  const opener = browserOpener(process.platform, env);
  if (opener === null) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      const child = spawn(opener.command, opener.args(url), { detached: true, stdio: "ignore" });
      child.once("error", () => resolve(false));
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
