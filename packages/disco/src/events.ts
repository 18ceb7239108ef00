// Tracing events published on node:diagnostics_channel, the counterpart of the reference's
// DiscoTrace callbacks (start, success, failure, served from cache). Messages never hold tokens.
import { channel } from "node:diagnostics_channel";
import type { Hostname } from "@tofukit/hostname";
import type { DiscoError } from "./errors.js";
import type { Host } from "./host.js";

/** The channel names, for `diagnostics_channel.subscribe`. */
export const DISCO_CHANNELS = Object.freeze({
  start: "tofukit:disco:start",
  success: "tofukit:disco:success",
  failure: "tofukit:disco:failure",
  cached: "tofukit:disco:cached",
} as const);

/** Published when a discovery request is about to start; `target` differs for aliases. */
export interface DiscoveryStartMessage {
  readonly hostname: Hostname;
  readonly target: Hostname;
}
export interface DiscoverySuccessMessage extends DiscoveryStartMessage {
  readonly host: Host;
}
export interface DiscoveryFailureMessage extends DiscoveryStartMessage {
  readonly error: DiscoError;
}
export interface DiscoveryCachedMessage {
  readonly hostname: Hostname;
  readonly host: Host;
}

export const startChannel = channel(DISCO_CHANNELS.start);
export const successChannel = channel(DISCO_CHANNELS.success);
export const failureChannel = channel(DISCO_CHANNELS.failure);
export const cachedChannel = channel(DISCO_CHANNELS.cached);
