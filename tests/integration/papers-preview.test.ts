/**
 * `/papers/:id/(question|solution).webp` (decision 033): a paper's first page as an image, gated as its PDF is, on
 * each database.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterCatalogueChange } from "../../server/admin/changes.server.ts";
import { modelPapers, papers } from "../../server/db/schema.ts";
import { registry } from "../../server/metrics/metrics.server.ts";
import { getPaperListing } from "../../server/papers/catalog.server.ts";
import { PREVIEW_WIDTH, renderFirstPage, webpSize } from "../../server/papers/first-page.server.ts";
import { backfillPreviews, storePaperFile } from "../../server/papers/previews.server.ts";
import { testDatabases } from "../support/databases.ts";
import { makePdf, noise, signedInCookie } from "../support/pdf-fixtures.ts";
import { startSeededServer, type TestServer } from "../support/server.ts";

describe.each(testDatabases())("first-page images over HTTP on $name", (target) => {
  let server: TestServer;
  let stop: (() => Promise<void>) | undefined;
  let cookie: string;
  let other: string;
  const id = "math-1-2023-march-marathi";
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    ({ server, stop } = await startSeededServer(target, "papers-preview"));
    cookie = await signedInCookie(server.services);
    other = await signedInCookie(server.services);
  });
  afterAll(() => stop?.());

  it("made on first request for a sample stored without one, then served with its ETag to any student", async () => {
    const [row] = (await server.services.database.db.select().from(papers)).filter((r) => r.id === id);
    if (!row) throw new Error(`no sample ${id}`);
    // Samples are left to the backfill after start, which this test server does not run.
    expect(await server.services.paperStore.preview(row.questionSha256)).toBeNull();

    const res = await fetch(url(`/papers/${id}/question.webp`), { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(webpSize(bytes)).toEqual({ width: PREVIEW_WIDTH, height: 905 });

    // Papers are for every signed-in student: another one gets the same image, and a 304 for the tag.
    const again = await fetch(url(`/papers/${id}/question.webp`), {
      headers: { Cookie: other, "If-None-Match": etag ?? "" },
    });
    expect(again.status).toBe(304);

    // The listing now gives its size, so that the page reserves its box.
    const listing = await getPaperListing(server.services, { subject: "math_1", medium: "marathi", standard: 10 });
    const listed = listing.flatMap((group) => group.papers).find((paper) => paper.id === id);
    expect(listed?.question_preview).toEqual({
      url: `/papers/${id}/question.webp`,
      width: PREVIEW_WIDTH,
      height: 905,
    });
  });

  it("refuses a visitor as the PDF does: 401, never stored, nothing of the image", async () => {
    const page = await fetch(url(`/papers/${id}/question.webp`));
    expect(page.status).toBe(401);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-type")).not.toMatch(/image/);
    const script = await fetch(url(`/papers/${id}/question.webp`), { headers: { Accept: "application/json" } });
    expect(script.status).toBe(401);
    expect((await script.json()).meta.message).toContain("Sign in");
    // A made paper too, before any typesetting.
    expect((await fetch(url("/papers/math-1-made-77-0/question.webp"))).status).toBe(401);
  });

  it("answers 404 for an unknown paper, a missing solution, a bad address and a PDF pdf.js cannot draw", async () => {
    const headers = { Cookie: cookie };
    expect((await fetch(url("/papers/no-such-paper/question.webp"), { headers })).status).toBe(404);
    // 2023 samples have no solution yet.
    expect((await fetch(url(`/papers/${id}/solution.webp`), { headers })).status).toBe(404);
    expect((await fetch(url(`/papers/${id}/page.webp`), { headers })).status).toBe(404);
    const post = await fetch(url(`/papers/${id}/question.webp`), { method: "POST", headers });
    expect(post.status).toBe(405);

    // A catalogue row naming a stored file that is no PDF pdf.js can draw: no image, and the PDF route is untouched.
    const { sha256 } = await storePaperFile(server.services.paperStore, noise(11, 4096), { log: server.services.log });
    await server.services.database.db.update(papers).set({ questionSha256: sha256 }).where(eq(papers.id, id));
    // As the app's own catalogue changes do: the paper lookups kept for the PDF routes are read again.
    afterCatalogueChange(server.services);
    const res = await fetch(url(`/papers/${id}/question.webp`), { headers });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(url(`/papers/${id}/question.pdf`), { headers })).status).toBe(200);
  });

  it("the backfill after start makes the image of every catalogued file without one, one at a time, and logs it", {
    timeout: 60_000,
  }, async () => {
    const { db } = server.services.database;
    const store = server.services.paperStore;
    const [rows, models] = await Promise.all([
      db.select({ question: papers.questionSha256, solution: papers.solutionSha256 }).from(papers),
      db.select({ question: modelPapers.questionSha256, solution: modelPapers.solutionSha256 }).from(modelPapers),
    ]);
    const kinds = [
      rows.map((row) => row.question),
      rows.flatMap((row) => (row.solution ? [row.solution] : [])),
      models.flatMap((row) => [row.question, row.solution]),
    ];
    const files = new Set(kinds.flat());
    // The noise file the test above points a row at: catalogued, never drawn.
    const [noPdf] = (await db.select({ sha256: papers.questionSha256 }).from(papers).where(eq(papers.id, id))).map(
      (row) => row.sha256,
    );
    // Drawing all ~500 sample files takes 20 s a database: all but two files of each kind get a stand-in image
    // first, as if drawn by an earlier run, and the backfill must find and draw exactly the others.
    const have = await store.previewSizes([...files]);
    const left = new Set<string>(noPdf ? [noPdf] : []);
    for (const kind of kinds)
      for (const sha256 of kind.filter((f) => !have.has(f) && f !== noPdf).slice(0, 2)) left.add(sha256);
    const standIn = await renderFirstPage(await makePdf(1, "stand-in"));
    for (const sha256 of files) if (!have.has(sha256) && !left.has(sha256)) await store.putPreview(sha256, standIn);

    const backfill = backfillPreviews(server.services, { pauseMs: 0 });
    // Operators (and the soak, which waits for it) read on /metrics what the backfill has yet to draw: not 0 from
    // the moment it starts, 0 once it is done.
    const gauge = async () =>
      (await registry.getSingleMetric("paperstation_first_page_images_backfill")?.get())?.values;
    expect((await gauge())?.[0]?.value).toBeGreaterThan(0);
    const report = await backfill.done;
    expect(await gauge()).toEqual([expect.objectContaining({ value: 0 })]);
    expect(report).toMatchObject({ files: files.size, missing: left.size, rendered: left.size - 1 });
    expect(left.size).toBeGreaterThanOrEqual(5);
    // Every catalogued file now has its image, but the one no PDF; those it drew are theirs, not the stand-in.
    const after = await store.previewSizes([...files]);
    expect([...files].filter((sha256) => !after.has(sha256))).toEqual([noPdf]);
    for (const sha256 of left) {
      if (sha256 !== noPdf) expect(after.get(sha256)).toEqual({ width: PREVIEW_WIDTH, height: 905 });
    }
    const again = await backfillPreviews(server.services, { pauseMs: 0 }).done;
    expect(again).toMatchObject({ missing: 1, rendered: 0 });
  });

  it("serves a made paper's first page to a signed-in student, typesetting it first", { timeout: 60_000 }, async () => {
    const res = await fetch(url("/papers/math-1-made-77-0/question.webp"), { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(webpSize(new Uint8Array(await res.arrayBuffer()))?.width).toBe(PREVIEW_WIDTH);
    // The solution's image was queued with it: asking waits for that very render.
    const solution = await fetch(url("/papers/math-1-made-77-0/solution.webp"), { headers: { Cookie: cookie } });
    expect(solution.status).toBe(200);
  });
});
