// The datetime functions: formatdate, plantimestamp, timeadd, timecmp and timestamp, as cty's
// stdlib and OpenTofu's funcs/datetime.go, with the clock and the plan time from the options.
import { CtyFunction, FunctionError, numberVal, stringVal, t } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";
import { formatRFC3339, type Instant, instantOfDate } from "./civil-time.js";
import { FormatError, formatDate } from "./format-date.js";
import { DurationError, parseGoDuration } from "./go-duration.js";
import { parseTimestamp, TimestampError } from "./rfc3339.js";

function timestampArg(text: string, argIndex?: number): Instant {
  try {
    return parseTimestamp(text);
  } catch (e) {
    if (e instanceof TimestampError) throw new FunctionError(e.message, argIndex);
    throw e;
  }
}

const formatdate = new CtyFunction({
  params: [
    { name: "format", type: t.string },
    { name: "time", type: t.string },
  ],
  type: () => t.string,
  impl: ([format, time]) => {
    const at = timestampArg(time!.asString(), 1);
    try {
      return stringVal(formatDate(format!.asString(), at));
    } catch (e) {
      if (e instanceof FormatError) throw new FunctionError(e.message, 0);
      throw e;
    }
  },
});

const timeadd = new CtyFunction({
  params: [
    { name: "timestamp", type: t.string },
    { name: "duration", type: t.string },
  ],
  type: () => t.string,
  impl: ([ts, dur]) => {
    const at = timestampArg(ts!.asString());
    let nanos: bigint;
    try {
      nanos = parseGoDuration(dur!.asString());
    } catch (e) {
      if (e instanceof DurationError) throw new FunctionError(e.message);
      throw e;
    }
    const total = BigInt(at.nanos) + nanos;
    const carry = total >= 0n ? total / 1000000000n : -((-total + 999999999n) / 1000000000n);
    return stringVal(
      formatRFC3339({
        seconds: at.seconds + carry,
        nanos: Number(total - carry * 1000000000n),
        offset: at.offset,
      }),
    );
  },
});

function compareInstants(a: Instant, b: Instant): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return Math.sign(a.nanos - b.nanos);
}

const timecmp = new CtyFunction({
  params: [
    { name: "timestamp_a", type: t.string },
    { name: "timestamp_b", type: t.string },
  ],
  type: () => t.number,
  impl: ([a, b]) => {
    const ta = timestampArg(a!.asString(), 0);
    const tb = timestampArg(b!.asString(), 1);
    return numberVal(BigInt(compareInstants(ta, tb)));
  },
});

/** The datetime functions by name. */
export function datetimeFunctions(options: FunctionOptions): Record<string, CtyFunction> {
  const now = options.now ?? (() => new Date());
  const plan = options.planTimestamp ?? now();
  return {
    formatdate,
    plantimestamp: new CtyFunction({
      params: [],
      type: () => t.string,
      impl: () => stringVal(formatRFC3339(instantOfDate(plan))),
    }),
    timeadd,
    timecmp,
    timestamp: new CtyFunction({
      params: [],
      type: () => t.string,
      impl: () => stringVal(formatRFC3339(instantOfDate(now()))),
    }),
  };
}
