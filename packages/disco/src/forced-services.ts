// Services given by CLI configuration (`host` blocks) turned into the plain, frozen form a
// discovery document has, whatever object model the configuration reader used.
import type { ServiceMap } from "./discovery-document.js";

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function plain(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(plain));
  if (value instanceof Map) return plainObject(value.entries());
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    // Exact numbers from a configuration reader (@tofukit/credentials' JsonNumber: `{ text }`)
    // become numbers, as HCL 1 hands the reference plain ints and floats.
    const text = (value as { text?: unknown }).text;
    if (typeof text === "string" && JSON_NUMBER.test(text)) return Number(text);
  }
  return plainObject(Object.entries(value));
}

function plainObject(entries: Iterable<[unknown, unknown]>): Readonly<Record<string, unknown>> {
  const object: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    // defineProperty keeps a "__proto__" key as data, as JSON.parse does.
    Object.defineProperty(object, String(key), { value: plain(item), enumerable: true, writable: false });
  }
  return Object.freeze(object);
}

/** A frozen copy of forced services; `null` is an empty map, as in the reference. */
export function forcedServices(services: object | null): ServiceMap {
  return services === null
    ? Object.freeze({})
    : plainObject(services instanceof Map ? services.entries() : Object.entries(services));
}
