/** The outcome of a `Range` header against a file of `size` bytes (RFC 9110 §14). */
export type RangeResult =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * Only single byte ranges get a 206. A multi-range request gets the whole file (which the RFC
 * allows) rather than a multipart body no PDF viewer here needs. Anything malformed, another
 * unit, or a range past the end is unsatisfiable, so a broken client learns the real size.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return { kind: "full" };
  const match = /^bytes=(.+)$/.exec(header.trim());
  if (!match?.[1]) return { kind: "unsatisfiable" };
  const specs = match[1].split(",").map((s) => s.trim());
  const parsed: { start: number; end: number }[] = [];
  for (const spec of specs) {
    const m = RANGE_SPEC.exec(spec);
    if (!m) return { kind: "unsatisfiable" };
    const [, first = "", last = ""] = m;
    if (first === "" && last === "") return { kind: "unsatisfiable" };
    if (first.length > 15 || last.length > 15) return { kind: "unsatisfiable" };
    if (first === "") {
      // Suffix range: the last N bytes.
      const length = Number(last);
      if (length === 0 || size === 0) return { kind: "unsatisfiable" };
      parsed.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    const start = Number(first);
    const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== "" && Number(last) < start) return { kind: "unsatisfiable" };
    if (start >= size) return { kind: "unsatisfiable" };
    parsed.push({ start, end });
  }
  if (parsed.length !== 1) return { kind: "full" };
  const [only] = parsed;
  if (!only) return { kind: "unsatisfiable" };
  return { kind: "partial", ...only };
}
