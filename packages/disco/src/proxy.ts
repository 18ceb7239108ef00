// Proxy selection from HTTPS_PROXY, HTTP_PROXY and NO_PROXY with the semantics of Go's
// ProxyFromEnvironment, which the reference uses; loopback destinations are never proxied.
import { isIP } from "node:net";

type Env = Readonly<Record<string, string | undefined>>;

function variable(env: Env, name: string): string {
  return env[name.toUpperCase()] || env[name.toLowerCase()] || "";
}

function isLoopback(host: string): boolean {
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

function ipv4Number(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function inCidr(ip: string, cidr: string): boolean {
  const [net, bitsText] = cidr.split("/");
  const bits = Number(bitsText);
  if (
    net === undefined ||
    isIP(net) !== 4 ||
    isIP(ip) !== 4 ||
    !Number.isInteger(bits) ||
    bits < 0 ||
    bits > 32
  ) {
    return false;
  }
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (ipv4Number(ip) & mask) >>> 0 === (ipv4Number(net) & mask) >>> 0;
}

function bypassed(host: string, port: string, noProxy: string): boolean {
  for (let entry of noProxy.split(",")) {
    entry = entry.trim().toLowerCase();
    if (entry === "") continue;
    if (entry === "*") return true;
    if (entry.includes("/")) {
      if (inCidr(host, entry)) return true;
      continue;
    }
    let entryHost = entry;
    let entryPort = "";
    const portMatch = /^(.*):(\d+)$/.exec(entry);
    if (portMatch !== null && !entry.endsWith("]")) {
      entryHost = portMatch[1] as string;
      entryPort = portMatch[2] as string;
    }
    entryHost = entryHost.replace(/^\[|\]$/g, "");
    if (isIP(entryHost) !== 0) {
      if (entryHost === host && (entryPort === "" || entryPort === port)) return true;
      continue;
    }
    // "example.com" matches the host and its subdomains; ".example.com" and "*.example.com"
    // only subdomains.
    if (entryHost.startsWith("*")) entryHost = entryHost.slice(1);
    const exact = !entryHost.startsWith(".");
    const suffix = exact ? `.${entryHost}` : entryHost;
    if (host.endsWith(suffix) || (exact && host === entryHost)) {
      if (entryPort === "" || entryPort === port) return true;
    }
  }
  return false;
}

/** The proxy configuration of an environment, read once as Go's ProxyFromEnvironment does. */
export interface ProxySettings {
  readonly https: string;
  readonly http: string;
  readonly noProxy: string;
}

export function proxySettings(env: Env): ProxySettings {
  return {
    https: variable(env, "https_proxy"),
    http: variable(env, "http_proxy"),
    noProxy: variable(env, "no_proxy"),
  };
}

/** The proxy URL to use for `url`, or null for a direct connection. */
export function proxyFor(url: URL, settings: ProxySettings): string | null {
  let proxy = url.protocol === "https:" ? settings.https : settings.http;
  if (proxy === "") return null;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isLoopback(host)) return null;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  if (bypassed(host, port, settings.noProxy)) return null;
  // Go accepts a proxy given without a scheme and reads it as http.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(proxy)) proxy = `http://${proxy}`;
  return proxy;
}
