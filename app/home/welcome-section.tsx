import type { HomeWelcome } from "../../server/content/pages.server.ts";
import { ArticleBody } from "../articles/article-body";

/**
 * The home page's welcome and explanation section (spec §2 "Home"): the four headed blocks of
 * content/pages/home.md, as loaded by `getHomeWelcome()` in the home loader.
 */
export function WelcomeSection({ welcome }: { welcome: HomeWelcome }) {
  return (
    <section aria-labelledby="welcome-block-1" className="mx-auto max-w-6xl px-4 pt-10">
      <div className="grid gap-6 md:grid-cols-2">
        {welcome.blocks.map((block, index) => (
          <div key={block.heading} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id={`welcome-block-${index + 1}`} className="text-xl font-bold text-indigo-900">
              {block.heading}
            </h2>
            <ArticleBody html={block.html} className="mt-2" />
          </div>
        ))}
      </div>
    </section>
  );
}
