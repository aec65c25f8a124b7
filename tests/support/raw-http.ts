import { connect } from "node:net";

/**
 * One raw HTTP/1.x exchange on its own connection, for what fetch refuses to send (TRACE, a broken Host, an
 * absolute-form target, a 200 MB Content-Length). Resolves with what the server sent up to the end of the head
 * (or the connection's end, or a reset): the status line and headers as latin1 text, "" when nothing came.
 */
export function rawRequest(url: string, payload: string | Buffer, timeoutMs = 20_000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(payload));
    let answer = "";
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\r\n\r\n")) done();
    });
    socket.on("end", done);
    socket.on("close", done);
    socket.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? done() : reject(error)));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${String(payload).split("\r\n")[0]}`));
    });
  });
}

/** The status code of a raw answer, or 0 when there was none. */
export function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
}
