import { LoaderAnimation } from "../components/loader-animation";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/loader";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: "Loading | PaperStation",
      description: "The PaperStation loader animation, shown while question papers load.",
      path: "/loader",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LoaderPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="sr-only">Loading</h1>
      <LoaderAnimation />
    </div>
  );
}
