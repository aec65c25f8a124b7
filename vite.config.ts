import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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
                // Not in it: what only some pages use. The modules loaded on demand (the sign-in card, the
                // viewer's parts), the viewer's frame and sign-in dialog (subject and paper pages only),
                // and the paper's body, practice's rules and its sync (paper and practice pages only), and
                // the text pages' parts (article body, community block, page heading, form fields), which the
                // subject page does not use; the modal frame (only the lazy viewer and sign-in dialog use it) and
                // practice's page frame (practice pages only). In this group they would be part of
                // every page's first load. Nor the admin console (its routes, components and domain/admin.ts, with
                // zod) or the 404 route its layout shows to everyone else: only the console's pages load them.
                {
                  name: "shared",
                  test: /[\\/](app|domain)[\\/](?!routes[\\/](admin[\\/]|not-found\.tsx)|components[\\/]admin[\\/]|admin\.ts|components[\\/](auth-card|auth-dialog|paper-viewer|paper-viewer-body|paper-viewer-document|paper-viewer-layer|model-paper-view|article-body|community-block|page-heading|form-fields|paper-modal|practice-page)\.tsx|lib[\\/](pdf-source|viewer-zoom|viewer-memory|viewer-route|viewer-code|viewer-paper|practice-sync|vitals.client|api|pwa\.client|after-load\.client|saved-[\w.-]+|offline-names)\.ts|components[\\/](saved-indicator|search-combobox)\.tsx?|practice\.ts|api-messages\.ts|auth-rules\.ts)/,
                  minShareCount: 2,
                },
                // The viewer's frame with its modal: one chunk on the pages that open papers (subject, model
                // paper, saved papers), none on the others; the sign-in dialog (lazy) reuses the modal from it.
                // After `shared`, which takes the modules every page needs first (a group takes its modules'
                // dependencies too).
                {
                  name: "paper-viewer-layer",
                  test: /[\\/]app[\\/]components[\\/](paper-viewer-layer|paper-modal)\.tsx/,
                },
                // Practice's rules, its offline queue and its page frame: one chunk for the practice pages.
                {
                  name: "practice",
                  test: /[\\/](app[\\/]lib[\\/]practice-sync\.ts|domain[\\/]practice\.ts|app[\\/]components[\\/]practice-page\.tsx)/,
                },
              ],
            },
          },
        },
  },
}));
