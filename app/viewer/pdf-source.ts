/**
 * A paper's bytes for the viewer, requested the moment the viewer opens: in parallel with pdf.js
 * itself, which may still be downloading (issue 12). Only the first chunk and the last one (where a
 * PDF keeps its cross-reference table) are fetched up front; pdf.js then asks for the byte ranges
 * the first page needs (`PaperViewerDocument` hands them over through a `PDFDataRangeTransport`),
 * so a 1 MB scanned paper shows its first page long before the whole file could arrive.
 *
 * No pdf.js import here: this module runs before pdf.js has arrived.
 */

/** pdf.js's chunk size and the size of the first request: small enough for a 400 kbps phone. */
export const RANGE_CHUNK_SIZE = 32 * 1024;
/** With no byte for this long a request fails (and the viewer offers Retry) instead of spinning for ever. */
const STALL_MS = 30_000;

export type PdfHead =
  /** The whole file arrived: small enough for one chunk, or served without range support. */
  { kind: "whole"; data: Uint8Array<ArrayBuffer> } | { kind: "ranged"; total: number; head: Uint8Array<ArrayBuffer> };

export class PdfLoadError extends Error {
  /** The HTTP status, when the server answered. */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = "PdfLoadError";
    this.status = status;
  }
}

export interface PdfProgress {
  /** Bytes received so far, over every request. */
  loaded: number;
  /** The file's size, once known. */
  total: number;
}

interface Fetched {
  begin: number;
  end: number;
  bytes: Promise<Uint8Array<ArrayBuffer>>;
}

export class PdfSource {
  readonly head: Promise<PdfHead>;
  private readonly controller = new AbortController();
  private readonly fetched: Fetched[] = [];
  private progress: PdfProgress = { loaded: 0, total: 0 };
  private progressListener: ((progress: PdfProgress) => void) | undefined;
  private errorListener: ((error: unknown) => void) | undefined;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    this.head = this.fetchHead();
    // Nobody may be listening yet (pdf.js still loading): the viewer reads `head` itself.
    this.head.catch(() => {});
  }

  /** Progress of every request; called at once with what has arrived so far. */
  onProgress(listener: (progress: PdfProgress) => void): void {
    this.progressListener = listener;
    listener(this.progress);
  }

  /** A range request that failed after the document opened (pdf.js has no way to hear of it). */
  onError(listener: (error: unknown) => void): void {
    this.errorListener = listener;
  }

  /** Bytes [begin, end) of the file; served from an earlier request when one covers them. */
  range(begin: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
    const covering = this.fetched.find((f) => f.begin <= begin && f.end >= end);
    const bytes = covering
      ? covering.bytes.then((all) => all.subarray(begin - covering.begin, end - covering.begin))
      : this.request(begin, end).then(({ bytes }) => bytes);
    bytes.catch((error: unknown) => {
      if (!this.controller.signal.aborted) this.errorListener?.(error);
    });
    return bytes;
  }

  abort(): void {
    this.controller.abort();
  }

  private async fetchHead(): Promise<PdfHead> {
    const { bytes, total, partial } = await this.request(0, RANGE_CHUNK_SIZE);
    if (!partial || bytes.byteLength >= total) return { kind: "whole", data: bytes };
    // The cross-reference table is at the end: fetch the last chunks now too (pdf.js reads them
    // first). Aligned to the chunk size, as pdf.js's chunk manager expects of every range.
    const lastChunk = Math.floor((total - 1) / RANGE_CHUNK_SIZE) * RANGE_CHUNK_SIZE;
    const tailBegin = Math.max(RANGE_CHUNK_SIZE, total - lastChunk < 4096 ? lastChunk - RANGE_CHUNK_SIZE : lastChunk);
    if (tailBegin < total) {
      const tail = this.request(tailBegin, total).then((r) => r.bytes);
      tail.catch(() => {});
      this.fetched.push({ begin: tailBegin, end: total, bytes: tail });
    }
    return { kind: "ranged", total, head: bytes };
  }

  /** One GET for [begin, end); `partial` is false when the server sent the whole file instead. */
  private async request(
    begin: number,
    end: number,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; total: number; partial: boolean }> {
    const signal = this.controller.signal;
    const stall = new AbortController();
    let timer = setTimeout(() => stall.abort(), STALL_MS);
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stall.abort(), STALL_MS);
    };
    try {
      let response: Response;
      try {
        response = await fetch(this.url, {
          headers: { Range: `bytes=${begin}-${end - 1}` },
          credentials: "same-origin",
          signal: anySignal(signal, stall.signal),
        });
      } catch (error) {
        throw new PdfLoadError(stall.signal.aborted ? "The download stalled" : String(error));
      }
      if (response.status === 401 || response.status === 403) {
        throw new PdfLoadError("Not signed in", response.status);
      }
      if (response.status !== 200 && response.status !== 206) {
        throw new PdfLoadError(`The server answered ${response.status}`, response.status);
      }
      const partial = response.status === 206;
      const total = partial
        ? Number(/\/(\d+)$/.exec(response.headers.get("content-range") ?? "")?.[1] ?? Number.NaN)
        : Number(response.headers.get("content-length") ?? Number.NaN);
      if (partial && !Number.isFinite(total)) throw new PdfLoadError("A range answer without the file's size");
      if (Number.isFinite(total) && this.progress.total === 0) this.report(0, total);
      const bytes = await this.readBody(response, bump);
      if (partial && bytes.byteLength !== Math.min(end, total) - begin) {
        throw new PdfLoadError(`Expected bytes ${begin}-${end - 1}, got ${bytes.byteLength}`);
      }
      return { bytes, total: Number.isFinite(total) ? total : bytes.byteLength, partial };
    } catch (error) {
      if (stall.signal.aborted && !signal.aborted) throw new PdfLoadError("The download stalled");
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async readBody(response: Response, onChunk: () => void): Promise<Uint8Array<ArrayBuffer>> {
    const reader = response.body?.getReader();
    if (!reader) return new Uint8Array(await response.arrayBuffer());
    const parts: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.byteLength;
      onChunk();
      this.report(value.byteLength);
    }
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.byteLength;
    }
    return bytes;
  }

  private report(received: number, total?: number): void {
    this.progress = { loaded: this.progress.loaded + received, total: total ?? this.progress.total };
    this.progressListener?.(this.progress);
  }
}

/** AbortSignal.any where the browser has it (Chrome 116+); elsewhere the same from a controller. */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const signal of [a, b]) signal.addEventListener("abort", () => both.abort(), { once: true });
  return both.signal;
}
