// A module registry for the CLI's download tests: one module, acme/cluster/aws, at 1.0.0 and
// 2.0.0, whose package is one variable `size` with a rule (at most 10), served over HTTPS by
// whichever certificate a test gives; every request is recorded.
import { createServer, type Server } from "node:https";
import { zipSync } from "fflate";

/** The module's one file: a `size` of at most 10. */
export const CLUSTER_MODULE_TF =
  'variable "size" {\n  type = number\n  validation {\n    condition     = var.size <= 10\n    error_message = "At most 10 nodes."\n  }\n}\n';

export interface RecordedRequest {
  readonly host: string | undefined;
  readonly url: string;
  readonly authorization: string | undefined;
}

/**
 * The registry's server (not yet listening) and the requests it has answered, in order. The
 * package is at /files/cluster-1.0.0.zip; /files/remote.zip serves it too, for remote sources.
 */
export function clusterRegistry(tls: { readonly cert: string; readonly key: string }): {
  server: Server;
  requests: RecordedRequest[];
} {
  const requests: RecordedRequest[] = [];
  const moduleZip = zipSync({ "main.tf": new TextEncoder().encode(CLUSTER_MODULE_TF) });
  const server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    requests.push({ host: req.headers.host, url: req.url ?? "", authorization: req.headers.authorization });
    const send = (status: number, body: string | Uint8Array, headers: Record<string, string> = {}) =>
      res.writeHead(status, headers).end(body);
    switch (req.url) {
      case "/.well-known/terraform.json":
        return send(200, JSON.stringify({ "modules.v1": "/v1/modules/" }), {
          "Content-Type": "application/json",
        });
      case "/v1/modules/acme/cluster/aws/versions":
        return send(
          200,
          JSON.stringify({ modules: [{ versions: [{ version: "1.0.0" }, { version: "2.0.0" }] }] }),
        );
      case "/v1/modules/acme/cluster/aws/1.0.0/download":
        return send(204, "", { "X-Terraform-Get": "/files/cluster-1.0.0.zip" });
      case "/files/cluster-1.0.0.zip":
      case "/files/remote.zip":
        return send(200, moduleZip, { "Content-Type": "application/zip" });
      default:
        return send(404, "not here");
    }
  });
  return { server, requests };
}
