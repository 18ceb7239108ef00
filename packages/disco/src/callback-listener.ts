// The temporary HTTP server on 127.0.0.1 that receives the authorization server's redirect, as
// `tofu login` runs one: the first free port of the client's range, path `/login`, the request's
// `state` checked before anything else is read, one answer, then closed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { LoginError } from "./errors.js";

/** What the redirect carried: a code, or the server's refusal (`error`, RFC 6749 4.1.2.1). */
export type CallbackOutcome =
  | { readonly kind: "code"; readonly code: string }
  | { readonly kind: "error"; readonly error: string; readonly description: string };

interface CallbackListener {
  /** `http://localhost:<port>/login`, the `redirect_uri` of the authorization request. */
  readonly redirectURL: string;
  readonly port: number;
  /** Settles with the first redirect carrying the right state; the server is closed by then. */
  readonly outcome: Promise<CallbackOutcome>;
  /** Closes the server (idempotent); a pending `outcome` rejects with `reason`. */
  close(reason: LoginError): void;
}

const SUCCESS_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>tofukit login</title></head>
<body style="font-family: monospace">
<p>The login server has returned an authentication code to tofukit.</p>
<p>Close this page and return to the terminal where <code>tofukit login</code> is running to see the result.</p>
</body></html>
`;

const REFUSED_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>tofukit login</title></head>
<body style="font-family: monospace"><p>The login server refused the request. Return to the terminal for details.</p></body></html>
`;

// Text from the authorization server shown to the user: printable, on one line, short.
function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim();
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

function listenOn(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onError = () => {
      server.off("listening", onListening);
      resolve(false);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(true);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen({ port, host: "127.0.0.1", exclusive: true });
  });
}

/**
 * Starts the listener on the first free port in `[minPort, maxPort]`; a range with no free port
 * fails with OpenTofu's "Can't start temporary login server".
 */
export async function startCallbackListener(options: {
  readonly minPort: number;
  readonly maxPort: number;
  readonly state: string;
}): Promise<CallbackListener> {
  let settle: { resolve: (o: CallbackOutcome) => void; reject: (e: LoginError) => void } | undefined;
  const outcome = new Promise<CallbackOutcome>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A rejection nobody awaits yet (the caller may still be opening the browser) is not unhandled.
  outcome.catch(() => undefined);
  let done = false;
  const finish = (server: Server) => {
    done = true;
    server.close();
    server.closeAllConnections();
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (done || req.method !== "GET" || url.pathname !== "/login") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    const query = url.searchParams;
    // Anything without our state may come from another process: refuse it and keep waiting.
    if (query.get("state") !== options.state) {
      res.writeHead(400, { "content-type": "text/plain" }).end("incorrect state\n");
      return;
    }
    const error = query.get("error");
    const code = query.get("code");
    if (error !== null) {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8", connection: "close" })
        .end(REFUSED_PAGE);
      settle?.resolve({
        kind: "error",
        error: printable(error),
        description: printable(query.get("error_description") ?? ""),
      });
      finish(server);
      return;
    }
    if (code === null || code === "") {
      res.writeHead(400, { "content-type": "text/plain" }).end("no code\n");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", connection: "close" }).end(SUCCESS_PAGE);
    settle?.resolve({ kind: "code", code });
    finish(server);
  });

  for (let port = options.minPort; port <= options.maxPort; port++) {
    if (await listenOn(server, port)) {
      return {
        redirectURL: `http://localhost:${port}/login`,
        port,
        outcome,
        close(reason: LoginError) {
          if (!done) {
            finish(server);
            settle?.reject(reason);
          }
        },
      };
    }
  }
  throw new LoginError(
    "TOFUKIT_DISCO_LOGIN_NO_PORT",
    "Can't start temporary login server",
    `The login process uses OAuth, which requires starting a temporary HTTP server on localhost. However, no TCP port numbers between ${options.minPort} and ${options.maxPort} are available to create such a server.`,
  );
}
