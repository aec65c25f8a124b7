/**
 * The benchmark's baseline: a minimal `node:http` server that answers each benchmark target with the
 * response bytes captured from the real server, straight from memory. No framework, no logging.
 *
 *   node scripts/bench/baseline-server.ts <responses.json>
 *
 * It listens on 127.0.0.1 on a free port and prints `{"port":N}` on one line when ready.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { CapturedResponse } from "./http.ts";

const manifestPath = process.argv[2];
if (!manifestPath) {
  process.stderr.write("Usage: node scripts/bench/baseline-server.ts <responses.json>\n");
  process.exit(2);
}

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const routes = new Map<string, Entry>();
for (const captured of JSON.parse(readFileSync(manifestPath, "utf8")) as CapturedResponse[]) {
  const body = Buffer.from(captured.bodyBase64, "base64");
  const headers: Record<string, string> = { "Content-Length": String(body.length) };
  for (const name of ["content-type", "content-range", "content-encoding"] as const) {
    const value = captured.headers[name];
    if (value) headers[name] = value;
  }
  routes.set(`${captured.method} ${captured.path}`, { status: captured.status, headers, body });
}

const server = createServer((req, res) => {
  const entry = routes.get(`${req.method} ${req.url}`);
  // A POST body is read to the end before answering, as a real handler would.
  req.resume();
  req.on("end", () => {
    if (!entry) {
      res.writeHead(404, { "Content-Length": "0" });
      res.end();
      return;
    }
    res.writeHead(entry.status, entry.headers);
    res.end(entry.body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
