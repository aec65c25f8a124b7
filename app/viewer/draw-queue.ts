/**
 * Draws a paper's pages one at a time, the page nearest the reader first.
 *
 * Why: pages near the view are drawn ahead of scrolling, and each page's bytes are fetched by
 * range as it is drawn. Drawn together, page 2 (half visible on a phone) and page 3 would share a
 * slow connection with page 1, and page 1 would show two or three times later. One at a time,
 * page 1's bytes come first; a phone's CPU gains nothing from parallel draws either.
 */
export class DrawQueue {
  private readonly waiting = new Map<number, () => Promise<void>>();
  private running = false;
  private readonly nearest: () => number;

  /** @param nearest the page the reader is on now, read each time a draw is picked. */
  constructor(nearest: () => number) {
    this.nearest = nearest;
  }

  /**
   * Runs `draw` when it is this page's turn; a page queued again replaces its earlier draw.
   * Returns a cancel that drops the draw if it has not started (a started draw stops itself).
   */
  enqueue(page: number, draw: () => Promise<void>): () => void {
    this.waiting.set(page, draw);
    this.next();
    return () => {
      if (this.waiting.get(page) === draw) this.waiting.delete(page);
    };
  }

  private next(): void {
    if (this.running || this.waiting.size === 0) return;
    const at = this.nearest();
    let best = -1;
    for (const page of this.waiting.keys()) {
      if (best === -1 || Math.abs(page - at) < Math.abs(best - at)) best = page;
    }
    const draw = this.waiting.get(best);
    this.waiting.delete(best);
    if (!draw) return;
    this.running = true;
    draw()
      .catch(() => {}) // a draw reports its own errors
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}
