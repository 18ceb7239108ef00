import { describe, expect, it } from "vitest";
import { normalizePortPortion } from "./port.js";

describe("normalizePortPortion (Go strconv.Atoi rules)", () => {
  it.each([
    ["", ""],
    [":443", ""],
    [":0443", ""],
    [":+443", ""],
    [":00443", ""],
    [":8080", ":8080"],
    [":08080", ":8080"],
    [":+80", ":80"],
    [":0", ":0"],
    [":-0", ":0"],
    [":-1", ":-1"],
    [":-443", ":-443"],
    [":-9223372036854775808", ":-9223372036854775808"],
    [":65535", ":65535"],
  ])("normalizes %j to %j", (given, portion) => {
    expect(normalizePortPortion(given)).toEqual({ ok: true, portion });
  });

  it.each([
    [":", "syntax"],
    [":abc", "syntax"],
    [": 80", "syntax"],
    [":80 ", "syntax"],
    [":8_0", "syntax"],
    [":0x50", "syntax"],
    [":+", "syntax"],
    [":--1", "syntax"],
    [":８０", "syntax"],
    [":9223372036854775808", "syntax"],
    [":-9223372036854775809", "syntax"],
    [":65536", "range"],
    [":9223372036854775807", "range"],
  ])("refuses %j (%s)", (given, reason) => {
    expect(normalizePortPortion(given)).toEqual({ ok: false, reason });
  });
});
