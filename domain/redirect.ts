/**
 * The one guard for every redirect target on the site (sign-in's `redirectTo`, the language switch's `next`):
 * a target is used only when it is plainly a path on this site, judged on the final path after any rewriting
 * (the `/mr` prefix added or removed). Anything else gets the fallback; nothing here throws.
 *
 * Why so strict: browsers drop tabs and newlines from a Location (`/\t/evil.example` is `//evil.example`),
 * read `\` as `/`, and some servers and proxies decode `%2F` and `%5C` once more. A target that needs any of
 * these, or a character outside printable ASCII (a Location header takes Latin-1 only; Node throws on more),
 * is not one of our links, so refusing it costs a student nothing.
 */

const MAX_TARGET = 2048;
/** One leading slash, then printable ASCII without spaces. */
const PLAIN_PATH = /^\/[\x21-\x7e]*$/;

export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== "string" || target.length > MAX_TARGET || !PLAIN_PATH.test(target)) return false;
  // Undo percent-encoding until it is stable (three rounds covers double-encoded payloads), then look again.
  let decoded = target;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false; // a broken escape is no link of ours
    }
    if (next === decoded) break;
    decoded = next;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return false;
  const pathname = decoded.split(/[?#]/, 1)[0] ?? "";
  // `//host` is another site; our paths never hold an empty segment, so `/mr//host` is refused as well.
  return pathname.startsWith("/") && !pathname.includes("//");
}

/** `target` when it is a safe same-site path, otherwise `fallback`. */
export function safeRedirect(target: unknown, fallback = "/"): string {
  return isSafeRedirect(target) ? target : fallback;
}
