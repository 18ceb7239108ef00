// Why a module call was not followed, as the CLI says it: config's plain reason, with what the
// user of the command can do about it added by the reason's code.
import type { UncheckedCall } from "@tofukit/config";

/**
 * The reason of `call` with the CLI's advice: a module that is not installed is for `tofu init`
 * (or `--download`, when the command has it). A reason that ends in a parenthesis takes the
 * advice inside it: `(no .terraform/modules/modules.json: run "tofu init")`.
 */
export function uncheckedReason(call: Pick<UncheckedCall, "code" | "reason">, canDownload: boolean): string {
  let advice: string | undefined;
  if (call.code === "not-installed")
    advice = canDownload ? 'run "tofu init", or check with --download' : 'run "tofu init"';
  else if (call.code === "not-downloaded") advice = 'run "tofu init"';
  if (advice === undefined) return call.reason;
  return call.reason.endsWith(")") ? `${call.reason.slice(0, -1)}: ${advice})` : `${call.reason} (${advice})`;
}
