import { describe, expect, it } from "vitest";
import { mediaTypeOf } from "./content-type.js";

describe("mediaTypeOf reads Content-Type like Go's mime.ParseMediaType", () => {
  it.each([
    ["application/json", "application/json"],
    ["APPLICATION/JSON", "application/json"],
    ["Application/Json;charset=latin1", "application/json"],
    ["application/json;", "application/json"],
    ["application/json ; x=y", "application/json"],
    ["  application/json  ", "application/json"],
    ['application/json; charset="utf-8"', "application/json"],
    ['application/json; a="semi;colon\\"quote"', "application/json"],
    ["application/json; a=1; a=1", "application/json"],
    ["application/json;\tcharset=utf-8 ;", "application/json"],
    ["text/json", "text/json"],
    ["application/vnd.api+json", "application/vnd.api+json"],
    ["text/plain; charset=utf-8", "text/plain"],
    ["application", "application"],
  ])("accepts %j as %j", (header, mediaType) => {
    expect(mediaTypeOf(header)).toBe(mediaType);
  });

  it.each([
    [""],
    ["   "],
    ["application/json; charset"],
    ["application/json, text/plain"],
    ["application/json; a=1; a=2"],
    ['application/json; a="unterminated'],
    ["application/json; =x"],
    ["/json"],
    ["application/"],
    ["application / json"],
    ["application/json extra"],
    ["application/json;; a=b"],
  ])("rejects %j as malformed", (header) => {
    expect(mediaTypeOf(header)).toBeNull();
  });
});
