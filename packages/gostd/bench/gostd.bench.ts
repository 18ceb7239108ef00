// The hot paths other packages lean on: goQuote of attribute names and values (cty's console
// rendering, convert's messages), and json.Marshal's string form.
import { bench, describe } from "vitest";
import { goJsonString, goJsonSyntaxError, goQuote } from "../src/index.js";

const names = Array.from({ length: 1000 }, (_, i) => `attribute_name_${i}`);
const mixed = Array.from({ length: 1000 }, (_, i) => `line ${i}\twith "quotes" and ü ${i}`);
const broken = `{"services": {${'"modules.v1": "/v1/modules/", '.repeat(2000)}"x" 1}}`;

describe("goQuote", () => {
  bench("printable ASCII names (the fast path)", () => {
    for (const n of names) goQuote(n);
  });
  bench("strings with escapes and non-ASCII", () => {
    for (const s of mixed) goQuote(s);
  });
});

describe("encoding/json", () => {
  bench("goJsonString of mixed strings", () => {
    for (const s of mixed) goJsonString(s);
  });
  bench("goJsonSyntaxError of a 60 KB document broken at the end", () => {
    goJsonSyntaxError(broken);
  });
});
