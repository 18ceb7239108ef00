// The registered op runners, by the `op` field of the vectors they handle.
import type { OpRunner } from "../op-runner.js";
import { hostOp } from "./host.js";

export const runners: ReadonlyMap<string, OpRunner> = new Map([hostOp].map((r) => [r.op, r]));
