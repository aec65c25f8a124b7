import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    SITE_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://paperstation.in" })
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    SAMPLE_PAPERS: z.enum(["0", "1"]).default("1"),
    SUPPORT_EMAIL: z.email().default("support@paperstation.in"),
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    // Canonical links are absolute; without a SITE_URL they point at this server.
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    samplePapers: env.SAMPLE_PAPERS === "1",
    supportEmail: env.SUPPORT_EMAIL,
  }));

export type Config = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Empty strings count as unset, as in most .env tooling. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  return result.data;
}
