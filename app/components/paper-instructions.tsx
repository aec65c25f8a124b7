/** A model paper's "General instructions", as the board prints them (HTML rendered on the server). */
export function PaperInstructions({ html, language }: { html: string[]; language: string }) {
  return (
    <section aria-labelledby="instructions" className="mt-5 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="instructions" className="font-semibold text-slate-900">
        General instructions
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800" lang={language}>
        {html.map((item) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from our content files
          <li key={item} dangerouslySetInnerHTML={{ __html: item }} />
        ))}
      </ol>
    </section>
  );
}
