// Reading a response body whole, failing as soon as it passes a size limit.
import type { Readable } from "node:stream";

/** Thrown when the body passes the limit; the stream is destroyed at that point. */
export class BodyTooLarge {}

/**
 * The body's bytes. Listens to events rather than iterating asynchronously: for the small
 * documents discovery reads, an async iterator costs more than the rest of the parsing.
 */
export function readBody(body: Readable, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        body.off("data", onData);
        body.on("error", () => undefined);
        body.destroy();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    body.on("data", onData);
    let ended = false;
    body.once("end", () => {
      ended = true;
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    body.once("error", reject);
    // A stream torn down without an error never ends.
    body.once("close", () => {
      if (!ended) reject(new Error("response body closed before its end"));
    });
  });
}
