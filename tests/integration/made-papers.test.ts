/**
 * Papers made to order (issue 25 §3) over HTTP: the link that makes one, the made paper's page (a visitor's
 * preview, a student's whole paper, noindex), its PDFs typeset on first request for a signed-in student only,
 * practice on it, and the avoid mask from the student's practised papers.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../domain/cookies.ts";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { createSession } from "../../server/auth/session.server.ts";
import { users } from "../../server/db/schema.ts";
import { parseMadeId } from "../../server/model-papers/made.server.ts";
import { startAttempt } from "../../server/practice/attempts.server.ts";
import { startPageServer, type TestServer } from "../support/server.ts";

const MATH_1 = subjectPath(subjectByKey("math_1"));
const MADE = /math-1-made-(\d+)-(\d+)(-mr)?$/;

describe("made papers over HTTP", () => {
  let server: TestServer;

  /** A new student with a session; their id too, to give them practice records. */
  async function student(): Promise<{ id: string; cookie: string }> {
    const id = randomUUID();
    const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
    await server.services.database.db.insert(users).values({
      id,
      name: "Made Student",
      email: `${id}@example.test`,
      phone: `919${digits}`,
      passwordHash: "x",
      ageGroup: "adult",
    });
    const { token } = await createSession(server.services, id);
    return { id, cookie: `${SESSION_COOKIE}=${token}` };
  }

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
    return { res, status: res.status, location: res.headers.get("location"), body: await res.text() };
  }

  beforeAll(async () => {
    server = await startPageServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("'new paper' sends to a new made paper in the medium's language, in the page's language", async () => {
    const english = await get(`${MATH_1}/new-paper?medium=english`);
    expect(english.status).toBe(303);
    expect(english.location).toMatch(new RegExp(`^${MATH_1}/math-1-made-\\d+-0$`));
    const marathi = await get(`/mr${MATH_1}/new-paper?medium=marathi`);
    expect(marathi.status).toBe(303);
    expect(marathi.location).toMatch(new RegExp(`^/mr${MATH_1}/math-1-made-\\d+-0-mr$`));
    // A fresh seed each time: two in a row are (almost surely) different papers.
    const again = await get(`${MATH_1}/new-paper?medium=english`);
    expect(again.location).not.toBe(english.location);
  });

  it("the subject page links to it", async () => {
    const { body } = await get(`${MATH_1}?medium=english`);
    expect(body).toContain(`href="${MATH_1}/new-paper"`);
    expect(body).toContain("Practise a new paper in the board&#x27;s pattern");
  });

  it("a visitor sees the made paper's first question and a sign-in notice; search engines are told to skip it", async () => {
    const { status, body } = await get(`${MATH_1}/math-1-made-4242-0`);
    expect(status).toBe(200);
    expect(body).toContain("Algebra: Mixed Paper 4242");
    expect(body).toMatch(/<meta name="robots" content="noindex/);
    expect(body).toContain("made from the questions of PaperStation");
    expect(body).toContain('id="q2a1"'); // the hidden items' anchors, on the sign-in notice
    expect(body).not.toMatch(/<details[^>]*border-green-200/);
  });

  it("a student gets the whole paper, the same for the same link", async () => {
    const { cookie } = await student();
    const first = await get(`${MATH_1}/math-1-made-4242-0`, { Cookie: cookie });
    const second = await get(`${MATH_1}/math-1-made-4242-0`, { Cookie: cookie });
    expect(first.status).toBe(200);
    const questions = (html: string) => html.match(/<h2 id="q\d+"/g) ?? [];
    expect(questions(first.body).length).toBe(5);
    const text = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(text(first.body)).toBe(text(second.body));
    const other = await get(`${MATH_1}/math-1-made-4243-0`, { Cookie: cookie });
    expect(text(other.body)).not.toBe(text(first.body));
  });

  it("answers 404 for a made id that is malformed, out of range or of another subject", async () => {
    for (const id of ["math-1-made-0-0", "math-1-made-1000000-0", "math-1-made-12-64", "science-1-made-12-0"]) {
      expect((await get(`${MATH_1}/${id}`)).status, id).toBe(404);
      expect((await get(`/papers/${id}/question.pdf`, { Accept: "application/json" })).status, id).toBe(
        id.startsWith("science") ? 401 : 404,
      );
    }
  });

  it("typesets its PDFs on first request, for a signed-in student only, and serves them like any paper", async () => {
    const url = `${server.url}/papers/math-1-made-4242-0/question.pdf`;
    expect((await fetch(url, { headers: { Accept: "application/json" } })).status).toBe(401);
    const { cookie } = await student();
    const res = await fetch(url, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'inline; filename="PaperStation-Algebra-Mixed-Paper-4242-Question-Paper.pdf"',
    );
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const etag = res.headers.get("etag") ?? "";
    const again = await fetch(url, { headers: { Cookie: cookie, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const solution = await fetch(url.replace("question", "solution"), { headers: { Cookie: cookie } });
    expect(solution.status).toBe(200);
    expect(solution.headers.get("etag")).not.toBe(etag);
  });

  it("can be practised: Start makes an attempt, whose page shows the made paper", async () => {
    const { cookie } = await student();
    const res = await fetch(`${server.url}/api/v1/attempts`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ paper_id: "math-1-made-4242-0" }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const attempt = ((await res.json()) as { data: { id: string; paper_title: string; paper_url: string } }).data;
    expect(attempt.paper_title).toBe("Algebra: Mixed Paper 4242");
    expect(attempt.paper_url).toBe(`${MATH_1}/math-1-made-4242-0`);
    const page = await get(`/practice/${attempt.id}`, { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Algebra: Mixed Paper 4242");

    // Checking and the result, as for a written paper: marks by item, then a score out of the paper's 40.
    const call = (path: string, method: string, json?: unknown) =>
      fetch(`${server.url}/api/v1/attempts/${attempt.id}${path}`, {
        method,
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
    expect((await call("/finish-writing", "POST")).status).toBe(200);
    expect((await call("/marks", "PUT", { marks: { q1a1: 1, q1a2: 1 } })).status).toBe(200);
    const check = await get(`/practice/${attempt.id}/check`, { Cookie: cookie });
    expect(check.status).toBe(200);
    expect(check.body).toContain('id="q3a1"');
    const finished = await call("/finish", "POST");
    expect(finished.status).toBe(200);
    const done = ((await finished.json()) as { data: { state: string; result: { max: number; scored: number } } }).data;
    expect(done.state).toBe("finished");
    expect(done.result).toMatchObject({ max: 40, scored: 2 });
    expect((await get(`/practice/${attempt.id}/result`, { Cookie: cookie })).status).toBe(200);
  });

  it("avoids the papers the student has practised, by naming them in the id", async () => {
    const { id, cookie } = await student();
    await startAttempt(server.services, id, "math-1-model-1");
    await startAttempt(server.services, id, "math-1-model-3");
    const { status, location } = await get(`${MATH_1}/new-paper?medium=english`, { Cookie: cookie });
    expect(status).toBe(303);
    const made = parseMadeId(MADE.exec(location ?? "")?.[0] ?? "");
    expect(made?.avoid).toBe(0b101);
    expect(made?.marathi).toBe(false);
  });
});
