// Just enough DER (ASN.1) reading for RSA private keys: tag-length-value elements, sequences
// and integers, failing with the texts of Go's encoding/asn1 ("data truncated", …).

/** A DER failure, as Go's asn1.SyntaxError / asn1.StructuralError. */
export class DerError extends Error {
  constructor(
    readonly kind: "syntax" | "structure",
    message: string,
  ) {
    super(message);
  }
}

export interface DerElement {
  readonly tag: number;
  readonly constructed: boolean;
  readonly body: Uint8Array;
  /** The offset just past the element. */
  readonly end: number;
}

/** The element at `offset`. */
export function readElement(der: Uint8Array, offset: number): DerElement {
  let i = offset;
  if (i >= der.length) throw new DerError("syntax", "data truncated");
  const first = der[i++]!;
  let tag = first & 0x1f;
  if (tag === 0x1f) {
    tag = 0;
    let b: number;
    do {
      if (i >= der.length) throw new DerError("syntax", "data truncated");
      b = der[i++]!;
      tag = tag * 128 + (b & 0x7f);
    } while (b & 0x80);
  }
  if (i >= der.length) throw new DerError("syntax", "data truncated");
  let length = der[i++]!;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let k = 0; k < count; k++) {
      if (i >= der.length) throw new DerError("syntax", "data truncated");
      const b = der[i++]!;
      if (length >= 1 << 23) throw new DerError("structure", "length too large");
      length = length * 256 + b;
      if (length === 0) throw new DerError("structure", "superfluous leading zeros in length");
    }
    if (length < 0x80) throw new DerError("structure", "non-minimal length");
  }
  if (i + length > der.length) throw new DerError("syntax", "data truncated");
  return {
    tag: (first & 0xc0) | tag,
    constructed: (first & 0x20) !== 0,
    body: der.subarray(i, i + length),
    end: i + length,
  };
}

/** The elements of a SEQUENCE's body. */
export function sequenceItems(el: DerElement): DerElement[] {
  if (el.tag !== 0x10 || !el.constructed) throw new DerError("structure", "tags don't match (sequence)");
  const items: DerElement[] = [];
  let i = 0;
  while (i < el.body.length) {
    const item = readElement(el.body, i);
    items.push(item);
    i = item.end;
  }
  return items;
}

/** An INTEGER's value, with Go's minimal-encoding checks. */
export function integerOf(el: DerElement | undefined): bigint {
  if (el === undefined) throw new DerError("syntax", "sequence truncated");
  if (el.tag !== 0x02) throw new DerError("structure", "tags don't match (integer)");
  const b = el.body;
  if (b.length === 0) throw new DerError("structure", "empty integer");
  if (b.length > 1 && ((b[0] === 0 && (b[1]! & 0x80) === 0) || (b[0] === 0xff && (b[1]! & 0x80) !== 0))) {
    throw new DerError("structure", "integer not minimally-encoded");
  }
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  if (b[0]! & 0x80) v -= 1n << BigInt(b.length * 8);
  return v;
}
