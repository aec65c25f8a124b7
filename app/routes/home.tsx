import { SITE } from "../../domain/site.ts";
import { ComingSoon } from "../components/coming-soon";
import { CommunityBlock } from "../components/community-block";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: SITE.defaultTitle, description: SITE.defaultDescription, path: "/", matches });
}

export default function Home() {
  return (
    <>
      <section className="bg-indigo-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="text-2xl font-bold sm:text-4xl">Maharashtra Board 10th SSC Question Papers</h1>
          <p className="mt-2 text-indigo-100">{SITE.tagline}.</p>
        </div>
      </section>
      <div className="pt-6">
        <ComingSoon what="The paper finder" />
      </div>
      <CommunityBlock />
    </>
  );
}
