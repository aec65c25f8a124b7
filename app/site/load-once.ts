/**
 * A lazily imported chunk, fetched once and shared by every caller. A failure is forgotten, so the
 * next call (a Retry button) downloads it again: React.lazy would remember the failure for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
