/**
 * The PDFs of a made paper (issue 25 §3): typeset on the first request for them, stored in the paper store like
 * every other PDF (content-addressed, so a second instance typesetting the same paper stores nothing new), and
 * remembered per process by id. Typesetting costs about a third of a second of CPU, so only a signed-in student
 * can cause one (the route checks first), and at most TYPESET_AT_ONCE run at a time: beyond that the answer is
 * "busy, try again" rather than a queue that grows with the requests.
 */

import { createCache } from "../cache/cache.server.ts";
import { storePaperFile } from "../papers/previews.server.ts";
import type { PaperStore } from "../papers/store.server.ts";
import { findModelPaper } from "./catalog.server.ts";
import { isMadePaperId } from "./made.server.ts";
import { typeset as typesetPaper } from "./sync.server.ts";

export const TYPESET_AT_ONCE = 2;

interface MadePdfs {
  question: string;
  solution: string;
}

/** Typesetting loads running now. */
let running = 0;

const pdfs = createCache<PaperStore, MadePdfs | undefined>({
  name: "made paper PDFs",
  madeFrom: [],
  max: 2000,
  load: async (store, id) => {
    const paper = findModelPaper(id);
    if (!paper) return undefined;
    running++;
    try {
      const typeset = await typesetPaper(paper);
      // The first-page images in the background: the student waits for the PDF, not for them.
      const question = await storePaperFile(store, typeset.question.bytes, { image: "queue" });
      const solution = await storePaperFile(store, typeset.solution.bytes, { image: "queue" });
      return { question: question.sha256, solution: solution.sha256 };
    } finally {
      running--;
    }
  },
});

export class TypesetBusyError extends Error {
  override name = "TypesetBusyError";
}

/**
 * The stored file's sha256 for a made paper's PDF: undefined for an id that is no made paper; throws
 * TypesetBusyError when it would need typesetting and TYPESET_AT_ONCE already run.
 */
export async function madePaperPdf(
  store: PaperStore,
  id: string,
  kind: "question" | "solution",
): Promise<string | undefined> {
  if (!isMadePaperId(id)) return undefined;
  if (!pdfs.has(store, id) && running >= TYPESET_AT_ONCE) throw new TypesetBusyError("typesetting is busy");
  const found = await pdfs.fetch(store, id);
  return found?.[kind];
}
