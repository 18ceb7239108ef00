// bcrypt, as OpenTofu's funcs/crypto.go, by bcryptjs with the salt from the options' randomness.
// A group of its own, so a table without it does not load bcryptjs.
import { CtyFunction, FunctionError, stringVal, t } from "@tofukit/cty";
import { encodeBase64 as bcryptBase64, hashSync as bcryptHash } from "bcryptjs";
import type { FunctionOptions } from "../options.js";
import { randomSource } from "../random-source.js";
import { utf8Bytes } from "../utf8.js";
import { goInt } from "../whole-number.js";

// Go's bcrypt: costs below 4 fall back to the default; above 31 are refused.
const BCRYPT_DEFAULT_COST = 10;
const BCRYPT_MIN_COST = 4;
const BCRYPT_MAX_COST = 31;
const BCRYPT_MAX_PASSWORD = 72;

function bcrypt(options: FunctionOptions): CtyFunction {
  const random = randomSource(options);
  return new CtyFunction({
    params: [{ name: "str", type: t.string }],
    varParam: { name: "cost", type: t.number },
    type: () => t.string,
    impl: (args) => {
      let cost = BCRYPT_DEFAULT_COST;
      if (args.length > 1) cost = goInt(args[1]!);
      if (args.length > 2) throw new FunctionError("bcrypt() takes no more than two arguments");
      const input = args[0]!.asString();
      if (cost < BCRYPT_MIN_COST) cost = BCRYPT_DEFAULT_COST;
      if (cost > BCRYPT_MAX_COST) {
        throw new FunctionError(
          `error occurred generating password crypto/bcrypt: cost ${cost} is outside allowed range (${BCRYPT_MIN_COST},${BCRYPT_MAX_COST})`,
        );
      }
      if (utf8Bytes(input).length > BCRYPT_MAX_PASSWORD) {
        throw new FunctionError(
          "error occurred generating password bcrypt: password length exceeds 72 bytes",
        );
      }
      // Go writes the "2a" prefix; bcryptjs keeps the one its salt has.
      const salt = `$2a$${String(cost).padStart(2, "0")}$${bcryptBase64(random(16), 16)}`;
      return stringVal(bcryptHash(input, salt));
    },
  });
}
/** The bcrypt function by name. */
export function bcryptFunctions(options: FunctionOptions): Record<string, CtyFunction> {
  return { bcrypt: bcrypt(options) };
}
