import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startAppProcess } from "../../scripts/lib/app-process.ts";

describe("graceful shutdown on SIGTERM", () => {
  it("finishes an in-flight request, refuses new connections, then exits 0", async () => {
    const app = await startAppProcess({ LOG_LEVEL: "warn" });
    try {
      const { port } = new URL(app.url);
      const body = JSON.stringify({ email_or_phone: "nobody@example.com", password: "not-the-password" });
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let response = "";
      socket.on("data", (chunk) => {
        response += chunk.toString();
      });
      const ended = new Promise((resolve) => socket.once("close", resolve));
      // A slow client: headers and half the body now, the rest after the signal.
      socket.write(
        `POST /api/v1/login HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      // Once another request has been answered, the server has read the slow client's headers too.
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

      const exited = new Promise<number | null>((resolve) => app.child.once("exit", (code) => resolve(code)));
      app.child.kill("SIGTERM");
      // New connections are refused while the slow request is still open.
      let refused = false;
      for (let i = 0; i < 200 && !refused; i++) {
        refused = await fetch(`${app.url}/healthz`).then(
          () => false,
          () => true,
        );
      }
      expect(refused).toBe(true);

      // write, not end: a half-closed socket (FIN) tells Node the client has gone away.
      socket.write(body.slice(10));
      await ended;
      expect(response).toMatch(/^HTTP\/1\.1 401 /);
      expect(response).toContain("Invalid credentials");
      expect(await exited).toBe(0);
    } finally {
      await app.stop();
    }
  }, 120_000);
});
