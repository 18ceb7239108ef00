// @tofukit/disco: OpenTofu remote service discovery client on undici.
export {};
