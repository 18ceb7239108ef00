// @tofukit/hostname: Friendly hostnames as OpenTofu normalizes them: UTS #46, display forms, ports.
export {};
