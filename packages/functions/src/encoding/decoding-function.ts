// csvdecode, jsondecode and yamldecode decode their argument to learn their result type.
import { CtyFunction, t, type Value } from "@tofukit/cty";

/**
 * A function whose result type comes from decoding its text argument: the type function
 * decodes, and the implementation of the same call takes that value instead of decoding twice.
 */
export function decodingFunction(name: string, decode: (text: string) => Value): CtyFunction {
  let pending: { text: string; value: Value } | undefined;
  return new CtyFunction({
    params: [{ name, type: t.string }],
    type: ([v]) => {
      pending = undefined;
      if (!v!.isKnown) return t.dynamic;
      const text = v!.asString();
      pending = { text, value: decode(text) };
      return pending.value.type;
    },
    impl: ([v]) => {
      const text = v!.asString();
      const value = pending !== undefined && pending.text === text ? pending.value : decode(text);
      pending = undefined;
      return value;
    },
  });
}
