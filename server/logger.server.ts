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
