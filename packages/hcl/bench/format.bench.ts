// format of a 1 MB .tfvars (target: ≤ 100 ms), formatted and unformatted.
import { bench, describe } from "vitest";
import { format } from "../src/format.js";
import { bucketListsTfvars, mixedTfvars } from "./tfvars-like.js";

const mixed = mixedTfvars(1_000_000);
// The same text with its alignment and indentation taken out, for the formatter to put back.
const flat = mixed.replace(/^ +/gm, "").replace(/ +=/g, "=");
const lists = bucketListsTfvars(1_000_000);

describe("format, 1 MB .tfvars", () => {
  bench("mixed attributes, already formatted", () => {
    format(mixed);
  });
  bench("mixed attributes, unformatted", () => {
    format(flat);
  });
  bench("bucket lists", () => {
    format(lists);
  });
});
