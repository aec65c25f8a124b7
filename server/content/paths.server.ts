import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The project folder that holds `content/` and `public/`. This module runs from source in the
 * Express process and from the Vite server bundle (page loaders), so it looks upward from
 * wherever it is instead of assuming one depth.
 */
function findRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    if (existsSync(path.join(dir, "content")) && existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot();
export const CONTENT_DIR = path.join(PROJECT_ROOT, "content");
export const PUBLIC_DIR = path.join(PROJECT_ROOT, "public");
