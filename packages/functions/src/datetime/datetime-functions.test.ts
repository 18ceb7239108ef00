import { numberVal, stringVal, type Value } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { callError, fn } from "../../test/function-call.js";
import { datetimeFunctions } from "./datetime-functions.js";

const table = datetimeFunctions({
  now: () => new Date("2024-02-29T12:34:56.789Z"),
  planTimestamp: new Date("2020-01-01T00:00:00Z"),
});
const s = stringVal;
const call = (name: string, ...args: string[]): Value => fn(table, name).call(args.map(s));
const err = (name: string, ...args: string[]) => callError(fn(table, name), args.map(s));

describe("timestamp and plantimestamp", () => {
  it("read the clocks from the options, in UTC without fractions", () => {
    expect(call("timestamp")).toEqual(s("2024-02-29T12:34:56Z"));
    expect(call("plantimestamp")).toEqual(s("2020-01-01T00:00:00Z"));
  });

  it("use the real clock by default", () => {
    const out = fn(datetimeFunctions({}), "timestamp").call([]).asString();
    expect(out).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});

describe("formatdate", () => {
  const ts = "2006-01-02T15:04:05Z";
  it.each([
    ["", ""],
    ["YYYY-MM-DD", "2006-01-02"],
    ["EEE, MMM D ''YY", "Mon, Jan 2 '06"],
    ["hh:mm:ss", "15:04:05"],
    ["H 'o''clock' AA", "3 o'clock PM"],
    ["H 'o''clock'", "3 o'clock"],
    ["hh:mm:ssZZZZ", "15:04:05+0000"],
    ["hh:mm:ssZZZZZ", "15:04:05+00:00"],
    ["MMMM", "January"],
    ["EEEE", "Monday"],
    ["aa", "pm"],
    ["YYYY-MM-DD'T'hh:mm:ssZ", "2006-01-02T15:04:05Z"],
    ["DD MMM YYYY hh:mm ZZZ", "02 Jan 2006 15:04 UTC"],
    ["EEEE, DD-MMM-YY hh:mm:ss ZZZ", "Monday, 02-Jan-06 15:04:05 UTC"],
    ["EEE, DD MMM YYYY hh:mm:ss ZZZ", "Mon, 02 Jan 2006 15:04:05 UTC"],
  ])("formatdate(%j) of 2006-01-02T15:04:05Z", (format, want) => {
    expect(call("formatdate", format, ts)).toEqual(s(want));
  });

  it.each([
    ["2022-03-01T00:23:45Z", "2022-03-01T00:23:45Z", "Tuesday, 01-Mar-22 00:23:45 UTC"],
    ["2022-03-01T00:23:45+00:00", "2022-03-01T00:23:45Z", "Tuesday, 01-Mar-22 00:23:45 UTC"],
    ["2022-03-01T00:23:45+01:00", "2022-03-01T00:23:45+01:00", "Tuesday, 01-Mar-22 00:23:45 +0100"],
    ["2022-03-01T00:23:45-01:00", "2022-03-01T00:23:45-01:00", "Tuesday, 01-Mar-22 00:23:45 -0100"],
    ["1900-01-01T00:00:00Z", "1900-01-01T00:00:00Z", "Monday, 01-Jan-00 00:00:00 UTC"],
  ])("keeps the zone of %j", (input, rfc3339, rfc850) => {
    expect(call("formatdate", "YYYY-MM-DD'T'hh:mm:ssZ", input)).toEqual(s(rfc3339));
    expect(call("formatdate", "EEEE, DD-MMM-YY hh:mm:ss ZZZ", input)).toEqual(s(rfc850));
  });

  it("refuses verbs it does not know", () => {
    const ts2 = "2006-01-02T15:04:05Z";
    expect(err("formatdate", "Y", ts2)).toEqual({
      message: 'invalid date format verb "Y": year must either be "YY" or "YYYY"',
      argIndex: 0,
    });
    expect(err("formatdate", "YYYYY", ts2).message).toBe(
      'invalid date format verb "YYYYY": year must either be "YY" or "YYYY"',
    );
    expect(err("formatdate", "A", ts2).message).toBe('invalid date format verb "A": must be "AA"');
    expect(err("formatdate", "a", ts2).message).toBe('invalid date format verb "a": must be "aa"');
    expect(err("formatdate", "'blah blah", ts2).message).toBe("unterminated literal '");
    expect(err("formatdate", "'", ts2).message).toBe("unterminated literal '");
    expect(err("formatdate", "x", ts2).message).toBe('invalid date format verb "x"');
  });

  it.each([
    ["", "not a valid RFC3339 timestamp: end of string before year"],
    ["2017-01-02", "not a valid RFC3339 timestamp: missing required time introducer 'T'"],
    ["2017-12-02t00:00:00Z", "not a valid RFC3339 timestamp: missing required time introducer 'T'"],
    ["2017:01:02", 'not a valid RFC3339 timestamp: found ":01:02" where "-" is expected'],
    ["2017", 'not a valid RFC3339 timestamp: end of string where "-" is expected'],
    ["2017-01-02T", "not a valid RFC3339 timestamp: end of string before hour"],
    ["2017-01-02T00", 'not a valid RFC3339 timestamp: end of string where ":" is expected'],
    ["2017-01-02T00:00:00", "not a valid RFC3339 timestamp: end of string before UTC offset"],
    ["2017-01-02T26:00:00Z", "not a valid RFC3339 timestamp: hour must be between 0 and 23 inclusive"],
    ["2017-13-02T00:00:00Z", 'not a valid RFC3339 timestamp: cannot use "-02T00:00:00Z" as month'],
    ["2017-02-31T00:00:00Z", "not a valid RFC3339 timestamp: day out of range"],
    [
      '"2017-12-02T00:00:00Z"',
      'not a valid RFC3339 timestamp: cannot use "\\"2017-12-02T00:00:00Z\\"" as year',
    ],
    ["2-12-02T00:00:00Z", 'not a valid RFC3339 timestamp: cannot use "2-12-02T00:00:00Z" as year'],
    ["2000-01-01T1:12:34Z", "not a valid RFC3339 timestamp: hour must have exactly two digits"],
    ["2000-01-01T01:1:34Z", "not a valid RFC3339 timestamp: minute must have exactly two digits"],
    ["2000-01-01T01:01:1Z", 'not a valid RFC3339 timestamp: cannot use "1Z" as second'],
    ["2000-01-01T00:00:00,000Z", 'not a valid RFC3339 timestamp: cannot use "," as timestamp segment'],
    ["2000-01-01T00:00:00+24:00", 'not a valid RFC3339 timestamp: cannot use "+24:00" as UTC offset'],
    ["2000-01-01T00:00:00+00:60", 'not a valid RFC3339 timestamp: cannot use "+00:60" as UTC offset'],
    ["2000-01-01T00:00:00Zjunk", 'not a valid RFC3339 timestamp: cannot use "junk" as timestamp segment'],
  ])("reports %j as cty does", (input, message) => {
    expect(err("formatdate", "YYYY", input)).toEqual({ message, argIndex: 1 });
  });
});

describe("timeadd", () => {
  it.each([
    ["2017-11-22T00:00:00Z", "1s", "2017-11-22T00:00:01Z"],
    ["2017-11-22T00:00:00Z", "10m1s", "2017-11-22T00:10:01Z"],
    ["2017-11-22T00:00:00Z", "-1h", "2017-11-21T23:00:00Z"],
    ["2017-11-22T00:00:00Z", "1.5h", "2017-11-22T01:30:00Z"],
    ["2024-02-28T23:00:00+02:00", "2h", "2024-02-29T01:00:00+02:00"],
    ["2017-11-22T00:00:00.9Z", "100ms", "2017-11-22T00:00:01Z"],
    ["1999-12-31T23:59:59Z", "1s", "2000-01-01T00:00:00Z"],
    ["2017-11-22T00:00:00Z", "0", "2017-11-22T00:00:00Z"],
  ])("timeadd(%j, %j) is %j", (ts, d, want) => {
    expect(call("timeadd", ts, d)).toEqual(s(want));
  });

  it("gives Go's errors", () => {
    expect(err("timeadd", "2017-11-22", "-1h")).toEqual({
      message: "not a valid RFC3339 timestamp: missing required time introducer 'T'",
    });
    expect(err("timeadd", "2017-11-22T00:00:00Z", "1d").message).toBe(
      'time: unknown unit "d" in duration "1d"',
    );
    expect(err("timeadd", "2017-11-22T00:00:00Z", "1").message).toBe('time: missing unit in duration "1"');
    expect(err("timeadd", "2017-11-22T00:00:00Z", "").message).toBe('time: invalid duration ""');
    expect(err("timeadd", "2017-11-22T00:00:00Z", "9999999999h").message).toBe(
      'time: invalid duration "9999999999h"',
    );
  });
});

describe("timecmp", () => {
  it.each([
    ["2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z", 0],
    ["2017-11-22T00:00:00Z", "2017-11-22T01:00:00+01:00", 0],
    ["2017-11-22T00:00:01Z", "2017-11-22T01:00:00+01:00", 1],
    ["2017-11-22T01:00:00Z", "2017-11-22T00:59:00-01:00", -1],
    ["2017-11-22T01:00:00+01:00", "2017-11-22T01:00:00-01:00", -1],
    ["2017-11-22T01:00:00-01:00", "2017-11-22T01:00:00+01:00", 1],
  ])("timecmp(%j, %j) is %j", (a, b, want) => {
    expect(call("timecmp", a, b)).toEqual(numberVal(BigInt(want)));
  });

  it("names the argument that is not a timestamp", () => {
    expect(err("timecmp", "2017-11-22T00:00:00Z", "bloop")).toEqual({
      message: 'not a valid RFC3339 timestamp: cannot use "bloop" as year',
      argIndex: 1,
    });
    expect(err("timecmp", "2017-11-22 00:00:00Z", "2017-11-22T00:00:00Z")).toEqual({
      message: "not a valid RFC3339 timestamp: missing required time introducer 'T'",
      argIndex: 0,
    });
  });
});
