// The registered op runners, by the `op` field of the vectors they handle.
import type { OpRunner } from "../op-runner.js";
import { convertOp } from "./convert.js";
import { hostOp } from "./host.js";
import { typeOp } from "./type.js";

export const runners: ReadonlyMap<string, OpRunner> = new Map(
  [hostOp, typeOp, convertOp].map((r) => [r.op, r]),
);
