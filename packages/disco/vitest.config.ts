import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "disco",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Network tests run real TLS servers; on a busy machine a handshake-heavy test can outlast
    // the 5 s default without anything being wrong.
    testTimeout: 15_000,
  },
});
