import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin is for the app build, not for tests.
export default defineConfig({
  test: {
    include: ["{domain,server,scripts,app,content}/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one file at a time keeps PGlite start-up and argon2 from starving each other.
    fileParallelism: false,
    sequence: { seed: 20260322 },
  },
});
