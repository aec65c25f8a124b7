import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { acceptsEncoding } from "./negotiate.server.ts";

const require = createRequire(import.meta.url);

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

function serveFrom(dir: string, immutable: boolean): RequestHandler {
  const maxAge = immutable ? "1y" : "1d";
  // A hashed file never changes, so it is never revalidated: its ETag, Last-Modified and
  // Accept-Ranges would be 100 bytes of headers on each of a page's scripts, for nothing.
  const lean = immutable ? { etag: false, lastModified: false, acceptRanges: false } : {};
  const plain = express.static(dir, { index: false, redirect: false, immutable, maxAge, ...lean });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let file: string;
    try {
      file = path.join(dir, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // express.static refuses traversal for the plain file; the encoded copies get the same rule.
    if (!file.startsWith(dir + path.sep) || file.includes("\0")) return plain(req, res, next);
    const encoding = ENCODINGS.find(
      (e) => acceptsEncoding(req.get("accept-encoding"), e.name) && existsSync(file + e.suffix),
    );
    if (!encoding) return plain(req, res, next);
    res.vary("Accept-Encoding");
    res.setHeader("Content-Encoding", encoding.name);
    res.type(path.extname(file));
    res.sendFile(file + encoding.suffix, { immutable, maxAge, ...lean }, (error) => {
      if (error) next(error);
    });
  };
}

const STATIC_POLICIES: Record<string, string> = {
  ".html":
    "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  ".svg": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
};

/**
 * Static files from the build, preferring the Brotli or gzip copies made at build time
 * (scripts/precompress.ts). Hashed files under /assets are immutable for a year.
 */
export function staticFiles(clientDir: string): express.Express {
  // A sub-application, because res.sendFile takes its ETag setting from the app that handles the
  // request: here none, so the immutable assets carry none (the other files keep Last-Modified).
  const router = express();
  router.disable("x-powered-by");
  router.set("etag", false);
  // Static files that a browser can open as a document get a policy of their own (issue 23): the offline pages
  // (their <meta> policy cannot say frame-ancestors) and SVG, which may hold script if one ever slipped in.
  router.use((req, res, next) => {
    const policy = STATIC_POLICIES[path.extname(req.path).toLowerCase()];
    if (policy) res.setHeader("Content-Security-Policy", policy);
    next();
  });
  router.use("/assets", serveFrom(path.join(clientDir, "assets"), true));
  // pdf.js fetches these on demand for real board papers: character maps for Devanagari and other
  // scripts, the standard fonts a PDF may not embed, and image decoders (JBIG2, JPEG 2000).
  const pdfjs = path.dirname(require.resolve("pdfjs-dist/package.json"));
  for (const dir of ["cmaps", "standard_fonts", "wasm", "iccs"]) {
    router.use(`/pdfjs/${dir}`, express.static(path.join(pdfjs, dir), { index: false, redirect: false, maxAge: "7d" }));
  }
  // The service worker is checked on every visit (decision 016): a new build must reach students within a day.
  router.use("/sw.js", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-cache");
    next();
  });
  router.use(serveFrom(clientDir, false));
  return router;
}
