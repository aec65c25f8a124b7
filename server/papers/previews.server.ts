/**
 * When a paper's first-page image is made (decision 033): as its PDF is stored (storePaperFile, every way a PDF
 * comes in), by a background pass after start for files stored before there were images, and on the first request
 * for one still missing. One render at a time per process, in the render thread (first-page.server.ts), one per
 * file however many ask, and never an error for the caller: a PDF pdf.js cannot draw simply has no image, and the
 * viewer works as before.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { isNotNull } from "drizzle-orm";
import { modelPapers, papers } from "../db/schema.ts";
import type { Logger } from "../logger.server.ts";
import { setFirstPageBackfill } from "../metrics/metrics.server.ts";
import type { Services } from "../services.server.ts";
import { type PageImage, RenderRefused, renderFirstPage, renderQueueFull } from "./first-page.server.ts";
import type { PaperStore, StoredFile } from "./store.server.ts";

/** Per store, the renders under way by sha256: a crowd asking for the same missing image waits for one. */
const underWay = new WeakMap<PaperStore, Map<string, Promise<PageImage | null>>>();
/** Per store, the files pdf.js could not draw: not tried again by this process. */
const undrawable = new WeakMap<PaperStore, Set<string>>();

function perStore<T>(map: WeakMap<PaperStore, T>, store: PaperStore, make: () => T): T {
  let value = map.get(store);
  if (!value) {
    value = make();
    map.set(store, value);
  }
  return value;
}

/**
 * The file's first-page image: the stored one, else rendered now and stored. null when the file is not there, when
 * pdf.js cannot draw it (logged once), when the renderer has too many renders waiting (asked again next time), or
 * when storing fails (logged); never throws. `pdf` spares reading the file back when the caller has its bytes.
 */
export function ensurePreview(
  store: PaperStore,
  sha256: string,
  log?: Logger,
  pdf?: Uint8Array,
): Promise<PageImage | null> {
  const running = perStore(underWay, store, () => new Map());
  const pending = running.get(sha256);
  if (pending) return pending;
  const work = (async () => {
    try {
      const stored = await store.preview(sha256);
      if (stored || perStore(undrawable, store, () => new Set()).has(sha256)) return stored;
      return await renderAndStore(store, sha256, log, pdf);
    } catch (error) {
      log?.warn({ err: error, sha256 }, "could not store a paper's first-page image");
      return null;
    } finally {
      running.delete(sha256);
    }
  })();
  running.set(sha256, work);
  return work;
}

async function renderAndStore(
  store: PaperStore,
  sha256: string,
  log: Logger | undefined,
  pdf: Uint8Array | undefined,
): Promise<PageImage | null> {
  // The renderer has enough waiting: not now, and not read for nothing. Not remembered: asked again next time.
  if (renderQueueFull()) return null;
  const bytes = pdf ?? (await readWhole(store, sha256));
  if (!bytes) return null;
  const started = performance.now();
  let image: PageImage;
  try {
    image = await renderFirstPage(bytes);
  } catch (error) {
    if (error instanceof RenderRefused) {
      log?.info({ sha256, reason: error.message }, "first-page image not rendered for now");
      return null;
    }
    // pdf.js threw, or the drawing crashed or hung the render thread: this process does not try this file again.
    perStore(undrawable, store, () => new Set()).add(sha256);
    log?.warn({ err: error, sha256 }, "no first-page image: pdf.js could not draw this PDF");
    return null;
  }
  await store.putPreview(sha256, image);
  log?.info(
    { sha256, width: image.width, height: image.height, bytes: image.bytes.byteLength, ms: ms(started) },
    "first-page image rendered",
  );
  return image;
}

async function readWhole(store: PaperStore, sha256: string): Promise<Uint8Array | null> {
  if (!(await store.stat(sha256))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of store.stream(sha256)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Every way a PDF enters the store goes through here (import, admin upload, samples, model papers, made papers):
 * the file, then its first-page image, by `image`:
 * - "wait" (import, admin upload): rendered before this returns, so that the paper is complete once listed;
 * - "queue" (a made paper, typeset at a student's request): rendered next, the student waits for the PDF only;
 * - "after-start" (samples and model papers at start-up, hundreds of files): left to the backfill that runs once
 *   the server listens (backfillPreviews), so that start-up and the tests that seed samples never wait for them.
 */
export async function storePaperFile(
  store: PaperStore,
  bytes: Uint8Array,
  options: { log?: Logger | undefined; image?: "wait" | "queue" | "after-start" } = {},
): Promise<StoredFile & { created: boolean }> {
  const stored = await store.put(bytes);
  const when = options.image ?? "wait";
  if (when === "wait") await ensurePreview(store, stored.sha256, options.log, bytes);
  else if (when === "queue") void ensurePreview(store, stored.sha256, options.log);
  return stored;
}

export interface BackfillReport {
  files: number;
  missing: number;
  rendered: number;
  ms: number;
}

/** Pause between two renders of the backfill, so that it takes a fraction of one core while requests come in. */
const BACKFILL_PAUSE_MS = 200;

/**
 * After start: an image for every catalogued file without one (stored before images existed, or whose render was
 * cut short), one at a time with a pause between, in the background. Logged when it starts and ends. `stop`
 * ends it after the render under way; `done` says what it did.
 */
export function backfillPreviews(
  services: Pick<Services, "database" | "paperStore" | "log">,
  options: { pauseMs?: number } = {},
): { stop(): void; done: Promise<BackfillReport | null> } {
  let stopped = false;
  const pauseMs = options.pauseMs ?? BACKFILL_PAUSE_MS;
  // Set before the server listens, so that /metrics never reads 0 before the backfill has looked: operators (and
  // the soak, which measures the server once it has settled) wait for 0.
  setFirstPageBackfill(1);
  const done = (async (): Promise<BackfillReport | null> => {
    const started = performance.now();
    const { db } = services.database;
    const [official, solutions, models] = await Promise.all([
      db.select({ sha256: papers.questionSha256 }).from(papers),
      db.select({ sha256: papers.solutionSha256 }).from(papers).where(isNotNull(papers.solutionSha256)),
      db.select({ q: modelPapers.questionSha256, s: modelPapers.solutionSha256 }).from(modelPapers),
    ]);
    const files = new Set<string>();
    for (const row of [...official, ...solutions]) if (row.sha256) files.add(row.sha256);
    for (const row of models) files.add(row.q).add(row.s);
    const have = await services.paperStore.previewSizes([...files]);
    const missing = [...files].filter((sha256) => !have.has(sha256));
    if (missing.length === 0) return { files: files.size, missing: 0, rendered: 0, ms: ms(started) };
    services.log.info({ files: files.size, missing: missing.length }, "first-page images: backfill started");
    let rendered = 0;
    let left = missing.length;
    for (const sha256 of missing) {
      setFirstPageBackfill(left--);
      if (stopped) break;
      if (await ensurePreview(services.paperStore, sha256, services.log)) rendered++;
      await sleep(pauseMs);
    }
    const report = { files: files.size, missing: missing.length, rendered, ms: ms(started) };
    services.log.info({ ...report, stopped }, "first-page images: backfill done");
    return report;
  })()
    .catch((error: unknown) => {
      services.log.warn({ err: error }, "first-page images: backfill failed");
      return null;
    })
    .finally(() => setFirstPageBackfill(0));
  return {
    stop() {
      stopped = true;
    },
    done,
  };
}

const ms = (since: number) => Math.round(performance.now() - since);
