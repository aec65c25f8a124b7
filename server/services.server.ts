import type { Config } from "./config.server.ts";
import type { Database } from "./db/client.server.ts";
import type { Logger } from "./logger.server.ts";

/**
 * Everything a request handler or page loader may use. Built once at start-up
 * (`createServices`) and handed to both the API routers and the page loaders,
 * so neither opens its own connections.
 */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
}

export async function createServices(options: { config: Config; log: Logger; database: Database }): Promise<Services> {
  return { config: options.config, log: options.log, database: options.database };
}

export async function closeServices(services: Services): Promise<void> {
  await services.database.close();
}
