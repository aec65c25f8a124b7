import { data } from "react-router";
import { SITE } from "../../domain/site.ts";
import { ErrorPanel } from "../root";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ location }: Route.MetaArgs) {
  return [
    { title: `Page not found | ${SITE.name}` },
    { name: "description", content: `There is no page at ${location.pathname} on ${SITE.name}.` },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return (
    <ErrorPanel
      title="Page not found"
      message="We could not find that page. It may have moved, or the link may be mistyped. Every subject's papers are one tap away below."
    />
  );
}
