// @tofukit/credentials: OpenTofu credentials: TF_TOKEN_* variables, CLI config, helper programs, safe storage.
export {};
