import { isIP } from "node:net";
import { z } from "zod";
import { AUTH_LIMITS } from "./auth/limits.server.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Express's named ranges, besides single addresses and CIDR blocks. */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe (issue 10): none by default, so that no client picks its
 * own rate-limit bucket; a hop count ("1" behind one load balancer) or a list of proxy addresses.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] => {
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(",").map((part) => part.trim());
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `"${bad}" is not a hop count, an IP address, a CIDR block or one of loopback, linklocal, uniquelocal`,
      });
      return z.NEVER;
    }
    return entries;
  });

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
    // Generated layout samples are a demo and a test fixture only (issue 25 §5): a real install lists the board's
    // own papers, and says which are not added yet.
    SAMPLE_PAPERS: z.enum(["0", "1"]).default("0"),
    SUPPORT_EMAIL: z.email().default("support@paperstation.in"),
    TRUST_PROXY: TrustProxySchema.default(0),
    // Failed sign-ins allowed per account and per address in 15 minutes (decision 004). A deployment
    // whose students share few addresses (school labs, carrier NAT) may raise the second.
    LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(AUTH_LIMITS.loginPerAccount),
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(AUTH_LIMITS.loginPerIp),
    // Search API requests per address per minute (decision 015); the benchmark raises it.
    SEARCH_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(1200),
    // Searches that miss the caches, per address in 5 seconds (decision 015, issue 23); tests and the benchmark's
    // throughput run raise it.
    SEARCH_MISS_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(5),
    // Email (issue 26, decision 026): both, or neither (the outbox in DATA_DIR).
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .regex(/^([^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
        error: 'must be an address, or a name and an address: "PaperStation <no-reply@paperstation.in>"',
      })
      .optional(),
    // The bearer token Prometheus sends to GET /metrics (issue 28); without it /metrics is a 404.
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, "must be 16 to 200 printable characters without spaces")
      .optional(),
    // Lets a browser test move the review day with an X-Test-Now header (issue 27: three days of reviews in one
    // run); server/http/clock.server.ts. Never on a real site: a student could pick their own day.
    TEST_CLOCK: z.enum(["0", "1"]).default("0"),
  })
  .refine((env) => Boolean(env.SMTP_URL) === Boolean(env.MAIL_FROM), {
    message: "SMTP_URL and MAIL_FROM go together: set both to send email, or neither to write it to DATA_DIR/outbox",
    path: ["MAIL_FROM"],
  })
  .transform((env) => {
    // Canonical links are absolute; without a SITE_URL they point at this server.
    const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
    return {
      env: env.NODE_ENV,
      port: env.PORT,
      siteUrl,
      /** Served over https: Secure cookies, HSTS and upgrade-insecure-requests. */
      https: siteUrl.startsWith("https://"),
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      logLevel: env.LOG_LEVEL,
      samplePapers: env.SAMPLE_PAPERS === "1",
      supportEmail: env.SUPPORT_EMAIL,
      trustProxy: env.TRUST_PROXY,
      loginLimits: { perAccount: env.LOGIN_LIMIT_PER_ACCOUNT, perIp: env.LOGIN_LIMIT_PER_IP },
      searchLimitPerIp: env.SEARCH_LIMIT_PER_IP,
      searchMissLimitPerIp: env.SEARCH_MISS_LIMIT_PER_IP,
      metricsToken: env.METRICS_TOKEN,
      testClock: env.TEST_CLOCK === "1",
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
    };
  });

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
