/**
 * Welcome and explanation section under the hero (spec §2 "Home"): four headed blocks.
 * Plain text kept here until the Markdown-driven welcome section replaces it.
 */
const BLOCKS = [
  {
    title: "Welcome to PaperStation",
    text: "PaperStation gathers Maharashtra State Board 10th (SSC) question papers from 2018 to 2023 in one place, for every subject and for English, Marathi and Semi English medium. It is free, made by students for students.",
  },
  {
    title: "Why practise with previous-year papers",
    text: "Board papers follow a steady pattern. Solving real papers shows you which chapters carry the most marks, how questions are worded, and how long each section really takes, so exam day holds fewer surprises.",
  },
  {
    title: "How to use the papers",
    text: "Pick your medium and subject above. Open a paper, set a timer for the full duration, and write your answers on paper as in the exam hall. Then check them against the solution where one is available.",
  },
  {
    title: "Made for your phone",
    text: "Pages are small and quick on mobile data. Papers open right in the page and load page by page, and you can download any paper to practise offline. Sign up once, free, to open papers and solutions.",
  },
] as const;

export function HomeWelcome() {
  return (
    <section aria-labelledby="welcome-heading" className="mx-auto max-w-6xl px-4 pt-10">
      <h2 id="welcome-heading" className="text-2xl font-bold text-indigo-900">
        Your 10th board exam, one paper at a time
      </h2>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {BLOCKS.map((block) => (
          <article key={block.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-semibold text-indigo-900">{block.title}</h3>
            <p className="mt-2 text-slate-700">{block.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
