import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHUNKS, chunkPolicy } from "./chunks.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const APP = path.join(ROOT, "app");

describe("app/chunks.ts", () => {
  it("has an entry for every folder of app/ and every module at its top", () => {
    const missing: string[] = [];
    for (const entry of readdirSync(APP, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== "+types" && !(`app/${entry.name}/` in CHUNKS)) missing.push(`app/${entry.name}/`);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !(`app/${entry.name}` in CHUNKS)) {
        missing.push(`app/${entry.name}`);
      }
    }
    expect(missing, "declare where these go in app/chunks.ts").toEqual([]);
  });

  it("names only folders and files that exist", () => {
    const stale = Object.keys(CHUNKS).filter((key) => {
      const full = path.join(ROOT, key);
      return !existsSync(full) || statSync(full).isDirectory() !== key.endsWith("/");
    });
    expect(stale).toEqual([]);
  });

  it("keeps server-only modules out of every browser group", () => {
    const serverFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === "+types" ? [] : serverFiles(full);
        return /\.server\.tsx?$/.test(entry.name) ? [path.relative(ROOT, full).split(path.sep).join("/")] : [];
      });
    const files = serverFiles(APP);
    expect(files.length).toBeGreaterThan(10);
    // A `.server` module in a browser group would be a build error (React Router refuses it in the browser's
    // graph); the check here names the file instead.
    for (const file of files) {
      const policy = chunkPolicy(file);
      expect(["server", "own", "shared"], file).toContain(policy);
    }
  });

  it("picks the longest matching entry, and nothing outside app/ and domain/", () => {
    expect(chunkPolicy("app/viewer/paper-modal.tsx")).toBe("paper-viewer-layer");
    expect(chunkPolicy("app/viewer/pdf-source.ts")).toBe("own");
    expect(chunkPolicy("app/site/i18n.ts")).toBe("shared");
    expect(chunkPolicy("app/site/api.ts")).toBe("api");
    expect(chunkPolicy("app/routes/admin/layout.tsx")).toBe("own");
    expect(chunkPolicy("app/routes/subject.tsx")).toBe("shared");
    expect(chunkPolicy("domain/practice.ts")).toBe("practice");
    expect(chunkPolicy("node_modules/react/index.js")).toBeUndefined();
    expect(chunkPolicy("app/sitemap.ts")).toBeUndefined();
  });
});
