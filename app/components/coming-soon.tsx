/** Body of a page whose feature has not landed yet; each later issue replaces it. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-8">
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">{what} is coming soon.</p>
    </div>
  );
}
