import { useT } from "./i18n";

/** The spec's loader: a stack of papers flipping. Motion stops for people who ask for less. */
export function LoaderAnimation({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-12 text-indigo-800">
      <div className="ps-loader" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p className="text-sm font-medium">{label ?? t("common.loading.papers")}</p>
    </div>
  );
}
