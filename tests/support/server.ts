import type { AddressInfo } from "node:net";
import { type AppOptions, createApp } from "../../server/app.server.ts";
import type { AuthLimits } from "../../server/auth/limits.server.ts";
import { type Config, loadConfig } from "../../server/config.server.ts";
import type { Database } from "../../server/db/client.server.ts";
import type { RateLimiter } from "../../server/http/rate-limit.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createServices, type Services } from "../../server/services.server.ts";

export interface TestServer {
  url: string;
  services: Services;
  close(): Promise<void>;
}

/** A real HTTP server on an ephemeral port around the real app, on the given database. */
export async function startTestServer(
  database: Database,
  options: AppOptions & {
    env?: Record<string, string>;
    config?: Partial<Config>;
    rateLimiter?: RateLimiter;
    authLimits?: Partial<AuthLimits>;
  } = {},
): Promise<TestServer> {
  const config = {
    ...loadConfig({ NODE_ENV: "test", PORT: "0", LOG_LEVEL: "silent", ...options.env }),
    ...options.config,
  };
  const services = await createServices({
    config,
    log: createLogger(config.logLevel),
    database,
    rateLimiter: options.rateLimiter,
    authLimits: options.authLimits,
  });
  const app = createApp(services, options);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
