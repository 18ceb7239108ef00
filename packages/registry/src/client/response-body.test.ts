// Reading download bodies within a limit: declared lengths, streamed bodies, short bodies.
import { describe, expect, it } from "vitest";
import { BodyProblem, readBodyWithin } from "./response-body.js";

const bytes = (n: number) => new Uint8Array(n).fill(7);

function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { headers });
}

async function problem(promise: Promise<unknown>): Promise<BodyProblem> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BodyProblem);
    return error as BodyProblem;
  }
  throw new Error("the body was read");
}

describe("readBodyWithin", () => {
  it("reads a body up to the limit, in one piece or many", async () => {
    expect(await readBodyWithin(new Response(bytes(10)), 10)).toEqual(bytes(10));
    expect(await readBodyWithin(streamed([bytes(3), bytes(4), bytes(3)]), 10)).toEqual(bytes(10));
    expect(await readBodyWithin(new Response(null), 10)).toEqual(new Uint8Array());
  });

  it("refuses a declared length over the limit without reading", async () => {
    const got = await problem(readBodyWithin(streamed([bytes(1)], { "Content-Length": "11" }), 10));
    expect([got.kind, got.message]).toEqual(["too-large", "response is too large (11 bytes; limit 10)"]);
  });

  it("stops reading as soon as the bytes pass the limit", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(bytes(4));
      },
    });
    const got = await problem(readBodyWithin(new Response(endless), 10));
    expect([got.kind, got.message]).toEqual(["too-large", "response is too large (more than 10 bytes)"]);
    expect(pulled).toBeLessThan(10);
  });

  it("reports a body shorter than its declared length in OpenTofu's words", async () => {
    const got = await problem(readBodyWithin(streamed([bytes(3)], { "Content-Length": "5" }), 10));
    expect([got.kind, got.message]).toEqual([
      "short",
      "incorrect response size: expected 5 bytes, but got 3 bytes",
    ]);
  });

  it("does not hold an encoded body to its declared length", async () => {
    const got = await readBodyWithin(
      streamed([bytes(3)], { "Content-Length": "50", "Content-Encoding": "gzip" }),
      10,
    );
    expect(got.length).toBe(3);
  });
});
