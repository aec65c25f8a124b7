import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Passwords, cookies and tokens must never reach a log line, whatever logs them.
    redact: {
      paths: ["password", "*.password", "req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  });
}

export interface RequestLogOptions {
  /** The request's id: a valid incoming X-Request-Id, or a new one. */
  requestId(req: IncomingMessage): string;
  /** Requests not logged (health checks, hashed assets). */
  ignore(url: string): boolean;
  /** Requests whose response names its id in `X-Request-Id`. */
  exposeId(url: string): boolean;
}

/**
 * One line per request when it ends, as pino-http wrote it (`req` {id, method, url}, `res` {statusCode},
 * `responseTime`, "request completed", or "request errored" with an `err` from a 5xx), without pino-http's
 * per-request child loggers: building those (and redacting their bindings) was ~5% of a cached request's
 * CPU, for loggers nothing read (decision 014). Method, path, status and timing only: no address,
 * cookies or user agent.
 */
/** A logged URL without the secrets some carry: a password-reset link's token (issue 26). */
export function redactSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

export function requestLog(log: Logger, options: RequestLogOptions) {
  return (req: IncomingMessage & { id?: string }, res: ServerResponse, next: () => void): void => {
    const id = options.requestId(req);
    req.id = id;
    const { method, url = "" } = req;
    if (options.exposeId(url)) res.setHeader("X-Request-Id", id);
    if (options.ignore(url)) {
      next();
      return;
    }
    const started = Date.now();
    const done = () => {
      res.removeListener("close", done);
      res.removeListener("finish", done);
      if (!log.isLevelEnabled("info")) return;
      const line = {
        req: { id, method, url: redactSecrets(url) },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (res.statusCode >= 500) {
        log.info({ ...line, err: new Error(`failed with status code ${res.statusCode}`) }, "request errored");
      } else {
        log.info(line, "request completed");
      }
    };
    res.on("close", done);
    res.on("finish", done);
    next();
  };
}
