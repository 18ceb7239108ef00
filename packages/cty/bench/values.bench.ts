import { bench, describe } from "vitest";
import {
  consoleString,
  listVal,
  numberVal,
  objectVal,
  parseNumber,
  setVal,
  stringVal,
  valueFromJSON,
  valueToJSON,
} from "../src/index.js";

const strings = Array.from({ length: 2000 }, (_, i) => stringVal(`name-${(i * 7919) % 2000}`));
const lists = Array.from({ length: 2000 }, (_, i) => listVal([numberVal(i % 97), numberVal(i)]));
const objects = Array.from({ length: 2000 }, (_, i) =>
  objectVal({ name: stringVal(`b${i}`), size: numberVal(i), tags: listVal([stringVal("x")]) }),
);
const json = valueToJSON(listVal(objects));
const listType = listVal(objects).type;

describe("sets", () => {
  bench("set of 2,000 strings", () => {
    setVal(strings);
  });
  bench("set of 2,000 lists (hash order)", () => {
    setVal(lists);
  });
});

describe("numbers", () => {
  bench("parse and print a 30-digit decimal", () => {
    parseNumber("123456789012345678901234567890.125").toString();
  });
  bench("1/3 at 512 bits", () => {
    parseNumber("1").div(parseNumber("3"));
  });
});

describe("JSON and console", () => {
  bench("valueFromJSON, 2,000 objects", () => {
    valueFromJSON(json, listType);
  });
  bench("consoleString, 2,000 objects", () => {
    consoleString(listVal(objects));
  });
  bench("objectVal with 3 attributes", () => {
    objectVal({
      a: stringVal("x"),
      b: numberVal(1),
      c: stringVal("y"),
    });
  });
});
