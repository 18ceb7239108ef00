// Decoding of a discovery document into a JSON object, with the error texts of Go's encoding/json.
import { GO_JSON_MAX_DEPTH, goJsonSyntaxError, goJsonUnmarshalTypeError } from "@tofukit/gostd";
import { deepFreeze } from "./deep-freeze.js";

/** The services a discovery document announces, keyed by service id (`modules.v1`). */
export type ServiceMap = Readonly<Record<string, unknown>>;

const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

type DecodeResult = { ok: true; services: ServiceMap | null } | { ok: false; message: string };

/**
 * Decodes a discovery document as the reference's `json.Unmarshal` into `map[string]any` does:
 * `null` means "no services"; any other non-object is an error; duplicate keys: the last wins.
 * The returned `message` is the Go json error text.
 */
export function decodeDiscoveryDocument(body: Uint8Array): DecodeResult {
  // JSON.parse accepts the texts Go's decoder accepts (a BOM survives the decoding and is refused
  // by both), so it goes first and the scanner only runs to explain a failure; but Go also refuses
  // nesting deeper than GO_JSON_MAX_DEPTH, which only a body longer than that can reach.
  if (body.length > GO_JSON_MAX_DEPTH) {
    const message = goJsonSyntaxError(body);
    if (message !== null) return { ok: false, message };
  }
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(body));
  } catch (error) {
    const message = goJsonSyntaxError(body);
    if (message === null) throw error;
    return { ok: false, message };
  }
  if (value === null) return { ok: true, services: null };
  if (typeof value !== "object" || Array.isArray(value)) {
    const kind = Array.isArray(value)
      ? "array"
      : typeof value === "boolean"
        ? "bool"
        : typeof value === "number"
          ? "number"
          : "string";
    return { ok: false, message: goJsonUnmarshalTypeError(kind, "map[string]interface {}") };
  }
  deepFreeze(value);
  return { ok: true, services: value as ServiceMap };
}
