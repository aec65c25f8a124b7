import { createHash } from "node:crypto";
import { request } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { papers } from "../../server/db/schema.ts";
import { getPaperListing } from "../../server/papers/catalog.server.ts";
import { keptFileBytes } from "../../server/papers/file-bytes.server.ts";
import { createFilePaperStore, type PaperStore } from "../../server/papers/store.server.ts";
import { testDatabases } from "../support/databases.ts";
import { signedInCookie } from "../support/pdf-fixtures.ts";
import { startSeededServer, startTestServer, type TestServer } from "../support/server.ts";

/** fetch() normalises `%2e%2e` and dot segments away; path tricks need the raw request line. */
function rawGet(baseUrl: string, rawPath: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("latin1"), headers: res.headers }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(testDatabases())("PDF delivery on $name", (target) => {
  let server: TestServer;
  let dataDir: string;
  let stop: (() => Promise<void>) | undefined;
  let cookie: string;
  /** Algebra 2023 March, Marathi medium: no solution in the samples. */
  let algebra: { id: string; sha256: string; bytes: Buffer };
  /** A paper that has a solution. */
  let withSolution: { id: string; solutionSha256: string };

  function pdf(urlPath: string, headers: Record<string, string> = {}, method = "GET") {
    return fetch(`${server.url}${urlPath}`, { method, headers: { Cookie: cookie, ...headers } });
  }

  beforeAll(async () => {
    ({ server, dataDir, stop } = await startSeededServer(target, "papers-files"));
    cookie = await signedInCookie(server.services);
    const rows = await server.services.database.db.select().from(papers);
    const row = rows.find((r) => r.id === "math-1-2023-march-marathi");
    const solved = rows.find((r) => r.solutionSha256);
    if (!row || !solved?.solutionSha256) throw new Error("samples missing");
    const bytes = Buffer.from(
      await new Response(server.services.paperStore.stream(row.questionSha256) as never).arrayBuffer(),
    );
    algebra = { id: row.id, sha256: row.questionSha256, bytes };
    withSolution = { id: solved.id, solutionSha256: solved.solutionSha256 };
  });
  afterAll(async () => {
    await stop?.();
  });

  it("refuses an anonymous fetch with JSON 401 and no PDF bytes", async () => {
    const res = await fetch(`${server.url}/papers/${algebra.id}/question.pdf`, {
      headers: { Accept: "application/json" },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.meta).toEqual({ success: false, message: expect.stringContaining("Sign in") });

    // A viewer's fetch() sends Sec-Fetch-Mode: cors and any Accept: still JSON.
    const corsFetch = await fetch(`${server.url}/papers/${algebra.id}/question.pdf`, {
      headers: { Accept: "*/*", "Sec-Fetch-Mode": "cors" },
    });
    expect(corsFetch.status).toBe(401);
    expect(corsFetch.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("refuses an anonymous page visit with a small HTML page linking to sign-in", async () => {
    // fetch() always sends Sec-Fetch-Mode: cors, so the browser's navigation is sent by hand.
    const res = await rawGet(server.url, `/papers/${algebra.id}/question.pdf`, {
      Accept: "text/html,application/xhtml+xml",
      "Sec-Fetch-Mode": "navigate",
    });
    expect(res.status).toBe(401);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('href="/login?redirectTo=%2Fmaharashtra-board-math-1-question-papers"');
    expect(html).not.toContain("%PDF");

    const head = await fetch(`${server.url}/papers/${algebra.id}/question.pdf`, { method: "HEAD" });
    expect(head.status).toBe(401);
    expect(head.headers.get("content-type")).not.toMatch(/pdf/);
  });

  it("refuses a forged or unknown session cookie", async () => {
    for (const bad of ["ps_session=nope", `ps_session=${"A".repeat(43)}`, "ps_session=", "garbage;;=="]) {
      const res = await fetch(`${server.url}/papers/${algebra.id}/question.pdf`, {
        headers: { Cookie: bad, Accept: "application/json" },
      });
      expect(res.status, bad).toBe(401);
    }
  });

  it("serves the whole PDF to a signed-in visitor with the right headers", async () => {
    const res = await pdf(`/papers/${algebra.id}/question.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'inline; filename="Maharashtra-SSC-2023-March-Algebra-Question-Paper.pdf"',
    );
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toBe(`"${algebra.sha256}"`);
    // Revalidated on every open, so a replaced file is seen at once (issue 23).
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-length")).toBe(String(algebra.bytes.length));
    const body = Buffer.from(await res.arrayBuffer());
    expect(createHash("sha256").update(body).digest("hex")).toBe(algebra.sha256);
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("serves a solution under its own file name", async () => {
    const res = await pdf(`/papers/${withSolution.id}/solution.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^inline; filename="Maharashtra-SSC-\d{4}-(March|July)-[\w-]+-Solution\.pdf"$/,
    );
    const body = Buffer.from(await res.arrayBuffer());
    expect(createHash("sha256").update(body).digest("hex")).toBe(withSolution.solutionSha256);
  });

  it("answers 404 for the solution of a paper that has none", async () => {
    const listing = await getPaperListing(server.services, { subject: "math_1", medium: "marathi", standard: 10 });
    expect(listing[0]?.papers[0]?.solution_url).toBe("");
    expect((await pdf(`/papers/${algebra.id}/solution.pdf`)).status).toBe(404);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await pdf(`/papers/${algebra.id}/question.pdf`, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(algebra.bytes.length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers a single byte range with 206 and exactly those bytes", async () => {
    const size = algebra.bytes.length;
    for (const [header, start, end] of [
      ["bytes=0-99", 0, 99],
      ["bytes=100-", 100, size - 1],
      ["bytes=-50", size - 50, size - 1],
      [`bytes=${size - 10}-${size + 500}`, size - 10, size - 1],
    ] as const) {
      const res = await pdf(`/papers/${algebra.id}/question.pdf`, { Range: header });
      expect(res.status, header).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).equals(algebra.bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it("answers from memory once a small file has been read, with the same bytes, ranges and headers", async () => {
    const url = `/papers/${withSolution.id}/solution.pdf`;
    const store = server.services.paperStore;
    const size = (await store.stat(withSolution.solutionSha256))?.size ?? 0;
    const expected = Buffer.from(await new Response(store.stream(withSolution.solutionSha256) as never).arrayBuffer());
    const answers = async () =>
      Promise.all(
        (
          [{}, { Range: "bytes=0-99" }, { Range: "bytes=-50" }, { Range: `bytes=${size}-` }] as Record<string, string>[]
        ).map(async (headers) => {
          const res = await pdf(url, headers);
          const { "content-range": range, "content-length": length, etag } = Object.fromEntries(res.headers);
          return {
            status: res.status,
            range,
            length,
            etag,
            body: Buffer.from(await res.arrayBuffer()).toString("hex"),
          };
        }),
      );
    // A read (here, or an earlier test's) streamed from the store and kept the file: answered from memory now,
    // as it was from the store.
    const streamed = await answers();
    await vi.waitFor(() => expect(keptFileBytes(store, withSolution.solutionSha256)).toBeDefined());
    expect(await answers()).toEqual(streamed);
    expect(streamed[0]?.body).toBe(expected.toString("hex"));
    expect(streamed[1]?.body).toBe(expected.subarray(0, 100).toString("hex"));
    expect(streamed.map((answer) => answer.status)).toEqual([200, 206, 206, 416]);
    const head = await pdf(url, {}, "HEAD");
    expect(head.headers.get("content-length")).toBe(String(size));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers an unsatisfiable or malformed range with 416 and the real size", async () => {
    const size = algebra.bytes.length;
    for (const header of [`bytes=${size}-`, "bytes=50-10", "bytes=abc", "pages=1-2", "bytes=-0", "bytes="]) {
      const res = await pdf(`/papers/${algebra.id}/question.pdf`, { Range: header });
      expect(res.status, header).toBe(416);
      expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
      expect(Buffer.from(await res.arrayBuffer()).includes("%PDF")).toBe(false);
    }
  });

  it("gives the whole file for a multi-range request", async () => {
    const res = await pdf(`/papers/${algebra.id}/question.pdf`, { Range: "bytes=0-9,20-29" });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(algebra.bytes.length);
  });

  it("honours If-None-Match and If-Range", async () => {
    const etag = `"${algebra.sha256}"`;
    const cached = await pdf(`/papers/${algebra.id}/question.pdf`, { "If-None-Match": etag });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("etag")).toBe(etag);

    const current = await pdf(`/papers/${algebra.id}/question.pdf`, { Range: "bytes=0-9", "If-Range": etag });
    expect(current.status).toBe(206);
    expect((await current.arrayBuffer()).byteLength).toBe(10);

    const stale = await pdf(`/papers/${algebra.id}/question.pdf`, { Range: "bytes=0-9", "If-Range": '"old"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(algebra.bytes.length);

    const dated = await pdf(`/papers/${algebra.id}/question.pdf`, {
      Range: "bytes=0-9",
      "If-Range": "Wed, 21 Oct 2015 07:28:00 GMT",
    });
    expect(dated.status).toBe(200);
  });

  it.each([
    "/papers/..%2f..%2fetc/question.pdf",
    "/papers/%2e%2e/question.pdf",
    "/papers/%2e%2e%2f%2e%2e%2fetc%2fpasswd/question.pdf",
    "/papers/..%5c..%5cetc/question.pdf",
    "/papers/../../etc/passwd",
    "/papers/../package.json",
    "/papers/%2fetc%2fpasswd/question.pdf",
    "/papers/no-such-paper/question.pdf",
    "/papers/MATH-1-2023-MARCH-MARATHI/question.pdf",
    "/papers/math-1-2023-march-marathi%00/question.pdf",
    "/papers/math-1-2023-march-marathi/answer.pdf",
    "/papers/math-1-2023-march-marathi/question.pdf/",
    "/papers/math-1-2023-march-marathi/../math-1-2023-march-marathi/question.pdf",
    `/papers/${"a".repeat(500)}/question.pdf`,
    "/papers/%E0%A4%A/question.pdf",
  ])("answers %s with 404, signed in or not", async (rawPath) => {
    for (const headers of [{ Cookie: cookie }, {}] as Record<string, string>[]) {
      const res = await rawGet(server.url, rawPath, headers);
      expect(res.status, rawPath).toBe(404);
      expect(res.body).not.toContain("%PDF");
      expect(res.body).not.toContain("root:");
    }
  });

  it("allows only GET and HEAD on a paper file", async () => {
    const res = await pdf(`/papers/${algebra.id}/question.pdf`, { Accept: "application/json" }, "POST");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers 404, not 500, when a catalogued file is missing from the store", async () => {
    await server.services.database.db.insert(papers).values({
      id: "geography-1999-march-english",
      standard: 10,
      subject: "geography",
      year: 1999,
      session: "march",
      mediums: ["english"],
      marks: 40,
      durationMinutes: 120,
      questionSha256: "f".repeat(64),
      questionPages: 1,
    });
    const res = await pdf("/papers/geography-1999-march-english/question.pdf");
    expect(res.status).toBe(404);
  });

  it("does not log a reader who hung up before the download started as a failure", async () => {
    // The store holds the request at `stat` until the reader has gone, so the order is certain.
    const files = createFilePaperStore(path.join(dataDir, "papers"));
    let reached!: () => void;
    const atStat = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let served: Readable | undefined;
    const gated: PaperStore = {
      ...files,
      async stat(sha256) {
        reached();
        await released;
        return files.stat(sha256);
      },
      stream(sha256, range) {
        served = files.stream(sha256, range);
        return served;
      },
    };
    const lines: string[] = [];
    const log = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    const other = await startTestServer(server.services.database, {
      env: { DATA_DIR: dataDir },
      log,
      paperStore: gated,
    });
    try {
      const { port } = new URL(other.url);
      const socket = connect(Number(port), "127.0.0.1");
      socket.write(`GET /papers/${algebra.id}/question.pdf HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`);
      await atStat;
      socket.destroy();
      await vi.waitFor(async () => expect(await other.connections()).toBe(0));
      release();
      // Either the handler closes the file (right) or it logs a failure (wrong): wait for one of them.
      await vi.waitFor(() => expect(Boolean(served?.destroyed) || lines.length > 0).toBe(true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.filter((line) => line.includes("paper download failed"))).toEqual([]);
      // An open file stream here would hold a file descriptor until garbage collection.
      expect(served?.destroyed).toBe(true);
      expect((await pdf(`/papers/${algebra.id}/question.pdf`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
