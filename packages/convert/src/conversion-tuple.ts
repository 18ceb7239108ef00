// Tuple → tuple: same length, element by element.

import { type TupleType, tupleValNoCopy, typeEquals, type Value } from "@tofukit/cty";
import {
  type Conversion,
  type ConversionContext,
  convertPart,
  getConversion,
  unlessIdentity,
} from "./conversion.js";

export function conversionTupleToTuple(
  ctx: ConversionContext,
  inType: TupleType,
  outType: TupleType,
  unsafe: boolean,
): Conversion | null {
  if (inType.elements.length !== outType.elements.length) return null;
  const convs: (Conversion | null)[] = [];
  for (let i = 0; i < outType.elements.length; i++) {
    const inEt = inType.elements[i]!;
    const outEt = outType.elements[i]!;
    if (typeEquals(inEt, outEt)) {
      convs.push(null);
      continue;
    }
    const conv = getConversion(ctx, inEt, outEt, unsafe);
    if (conv === null) return null;
    convs.push(unlessIdentity(conv));
  }
  let hint: TupleType | undefined;
  return (v, path) => {
    const src = v.elements();
    const elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++) {
      const conv = convs[i];
      elems[i] = conv ? convertPart(conv, src[i]!, path, i) : src[i]!;
    }
    const out = tupleValNoCopy(elems, hint);
    hint = out.type as TupleType;
    return out;
  };
}
