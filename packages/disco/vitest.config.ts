import { tofukitProject } from "@tofukit/test-support/vitest-project";

// Network tests run real TLS servers; on a busy machine a handshake-heavy test can outlast
// the 5 s default without anything being wrong.
export default tofukitProject({
  name: "disco",
  testTimeout: 15_000,
});
