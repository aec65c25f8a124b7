import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision 018: one module graph. The page build imports server/ and domain/ from source (package.json's
 * "imports"), so it must carry no copy of them, and no module may need a globalThis registry to keep two
 * copies in step.
 */
const ROOT = path.join(import.meta.dirname, "../..");

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name));
}

describe("one module graph", () => {
  const bundle = filesUnder(path.join(ROOT, "build/server"), /\.js$/).map((file) => ({
    file,
    text: readFileSync(file, "utf8"),
  }));

  it("the page build imports the server's modules instead of bundling them", () => {
    expect(bundle.length).toBeGreaterThan(0);
    const imports = bundle.flatMap(({ text }) => [...text.matchAll(/from "(#(?:server|domain|app)\/[^"]+)"/g)]);
    expect(imports.map((m) => m[1])).toContain("#app/context.ts");
    expect(imports.some((m) => m[1]?.startsWith("#server/"))).toBe(true);
    // Code that exists only inside server modules: had the bundler copied them, it would be here.
    for (const marker of ["string_agg(word, ' ')", "createContext()", "paperstation."]) {
      for (const { file, text } of bundle) {
        expect(text.includes(marker), `${path.relative(ROOT, file)} carries "${marker}"`).toBe(false);
      }
    }
  });

  it("no module keeps state on globalThis under a shared symbol", () => {
    const sources = ["app", "server", "domain"].flatMap((dir) =>
      filesUnder(path.join(ROOT, dir), /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f)),
    );
    const offenders = sources.filter((file) => readFileSync(file, "utf8").includes("Symbol.for("));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
