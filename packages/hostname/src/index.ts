// @tofukit/hostname: friendly hostnames as OpenTofu normalizes them (UTS #46, ports, display forms).

export { forComparison, isValid } from "./for-comparison.js";
export { displayOf, forDisplay } from "./for-display.js";
export type { Hostname } from "./hostname.js";
export { HostnameError, type HostnameErrorCode } from "./hostname-error.js";
