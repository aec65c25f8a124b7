/**
 * Build step (`npm run build`): typesets every model paper's question and solution PDF into
 * .cache/model-papers, skipping papers whose source, figures and typesetter are unchanged. The server
 * stores them at start-up (server/model-papers/sync.server.ts) instead of typesetting them itself.
 */
import { TYPESET_CACHE_DIR, typesetModelPapers } from "../server/model-papers/sync.server.ts";

const report = await typesetModelPapers(TYPESET_CACHE_DIR);
const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
console.log(
  `model papers: typeset ${report.typeset.length}, unchanged ${report.unchanged.length} ` +
    `in ${(report.milliseconds / 1000).toFixed(1)} s (RSS ${rss} MiB)`,
);
