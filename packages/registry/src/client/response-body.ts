// Reading a download's body within a size limit: refused up front when Content-Length is over it,
// cut off as soon as the bytes read pass it, and checked against Content-Length at the end
// (package_location_http_archive.go's "incorrect response size").

/** Why a body could not be read whole: too large, or shorter than promised. */
export class BodyProblem extends Error {
  constructor(
    readonly kind: "too-large" | "short",
    message: string,
  ) {
    super(message);
  }
}

/** The whole body as bytes, at most `limit` of them. */
export async function readBodyWithin(response: Response, limit: number): Promise<Uint8Array> {
  // A declared length is only the body's length when the body is not content-encoded.
  const encoded = (response.headers.get("Content-Encoding") ?? "identity") !== "identity";
  const declaredText = encoded ? null : response.headers.get("Content-Length");
  const declared = declaredText !== null && /^[0-9]+$/.test(declaredText) ? Number(declaredText) : undefined;
  if (declared !== undefined && declared > limit) {
    await response.body?.cancel();
    throw new BodyProblem("too-large", `response is too large (${declared} bytes; limit ${limit})`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body !== null) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        await reader.cancel();
        throw new BodyProblem("too-large", `response is too large (more than ${limit} bytes)`);
      }
      chunks.push(value);
    }
  }
  if (declared !== undefined && total < declared) {
    throw new BodyProblem(
      "short",
      `incorrect response size: expected ${declared} bytes, but got ${total} bytes`,
    );
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
