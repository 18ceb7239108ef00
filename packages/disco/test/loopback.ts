// Test servers on 127.0.0.1 (HTTPS with the fixture CA, or plain HTTP) that record requests.
import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { createSecureContext } from "node:tls";
import { forComparison, type Hostname } from "@tofukit/hostname";
import { Agent } from "undici";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/tls/${name}`, import.meta.url), "utf8");

/** The test CA, to pass as `ca` to a Disco. */
export const TEST_CA = fixture("ca.pem");
/**
 * A dispatcher trusting only the test CA, for tests about anything but trust and proxies: a Disco
 * given `ca` builds a context with every bundled root, tens of milliseconds each time.
 */
export const TEST_DISPATCHER = new Agent({
  connect: { secureContext: createSecureContext({ ca: TEST_CA }) },
});

const KEY = fixture("server.key");
const CERT = fixture("server.pem");

interface RecordedRequest {
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
}

export interface LoopbackServer {
  readonly port: number;
  /** `127.0.0.1:<port>` as a Hostname. */
  readonly hostname: Hostname;
  /** `https://127.0.0.1:<port>` (or http). */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, server: LoopbackServer) => void;

/** Starts a server on 127.0.0.1 with a random port. */
export async function startServer(
  handler: Handler,
  options: { tls?: boolean } = {},
): Promise<LoopbackServer> {
  const tls = options.tls ?? true;
  const requests: RecordedRequest[] = [];
  let self: LoopbackServer | undefined;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    requests.push({ url: req.url ?? "", headers: req.headers });
    handler(req, res, self as LoopbackServer);
  };
  const server = tls ? createHttpsServer({ key: KEY, cert: CERT }, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  self = {
    port,
    hostname: forComparison(`127.0.0.1:${port}`),
    origin: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}

/** A handler answering every request with a JSON document. */
export function json(body: unknown, status = 200): Handler {
  const text = JSON.stringify(body);
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(text);
  };
}
