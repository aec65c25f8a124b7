import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { type ChunkPolicy, chunkPolicy } from "./app/chunks.ts";

/**
 * One module graph (decision 018): the server runs `server/` and `domain/` from source, so the route bundle
 * imports them from there rather than carrying copies of its own. A module-level cache, a registry or
 * a React Router context key then exists once per process. `app/context.ts` and `app/pages.ts` are the app
 * modules the server imports. Only for the server's bundle: the browser's build never sees `server/`.
 */
function runFromSource(): Plugin {
  const root = import.meta.dirname;
  // package.json's "imports" map these names to the folders, so the bundle's chunks find them from any depth.
  const specifier = (id: string): string | null => {
    const relative = path.relative(root, id).split(path.sep).join("/");
    if (relative === "app/context.ts" || relative === "app/pages.ts") return `#${relative}`;
    if (/^(server|domain)\//.test(relative)) return `#${relative}`;
    return null;
  };
  return {
    name: "paperstation:run-from-source",
    enforce: "pre",
    // In development the server loads itself through Vite instead (server/main.ts).
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith("\0") || source.startsWith("virtual:")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const shared = resolved && !resolved.external ? specifier(resolved.id) : null;
      return shared ? { id: shared, external: true } : null;
    },
  };
}

/** A code-splitting group's test: the modules whose declared chunk (app/chunks.ts) is `policy`. */
function inGroup(policy: ChunkPolicy) {
  const root = import.meta.dirname;
  return (id: string) => {
    if (id.startsWith("\0")) return false;
    // Route modules are split into pieces named by a query (`subject.tsx?route-chunk=clientLoader`).
    const file = id.split("?")[0] ?? id;
    return chunkPolicy(path.relative(root, file).split(path.sep).join("/")) === policy;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [runFromSource(), tailwindcss(), reactRouter()],
  build: {
    target: "es2022",
    // `SOURCEMAP=1 npx react-router build` to see which modules fill a chunk when a budget is tight.
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Left alone, the bundler makes a dozen 1-2 KB shared chunks, each a round trip with its
            // own headers on a slow phone. Code that several pages share goes in one chunk instead;
            // code only one page uses stays with that page, and lazy chunks (pdf.js) stay lazy.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                },
                // Which app and domain modules go in which group is declared per feature in app/chunks.ts.
                { name: "shared", test: inGroup("shared"), minShareCount: 2 },
                // After `shared`, which takes the modules every page needs first (a group takes its modules'
                // dependencies too).
                { name: "paper-viewer-layer", test: inGroup("paper-viewer-layer") },
                { name: "practice", test: inGroup("practice") },
                { name: "api", test: inGroup("api") },
                { name: "auth-card", test: inGroup("auth-card") },
              ],
            },
          },
        },
  },
}));
