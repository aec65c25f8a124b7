import type { ReactNode } from "react";

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-4">
      <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{title}</h1>
      {children ? <div className="mt-2 text-slate-700">{children}</div> : null}
    </div>
  );
}
