import { formatDay } from "../../domain/i18n.ts";
import { useRootData } from "../site/root-data";

/**
 * Server-rendered Markdown (already made safe by server/content/markdown.server.ts: raw HTML
 * escaped, unsafe links removed), styled for easy reading on a small phone.
 */
export function ArticleBody({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`max-w-none text-base leading-7 text-slate-800 [&_a]:font-medium [&_a]:text-indigo-800 [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-indigo-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-indigo-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-indigo-900 [&_li]:mt-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-100 [&_th]:p-2 [&_th]:text-left [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0 ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered and made safe on the server
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** `2024-03-05` as "5 March 2024" or "5 मार्च, 2024", in the page's language (a calendar day, in UTC). */
export function ArticleDate({ date }: { date: string }) {
  const { locale } = useRootData();
  return <time dateTime={date}>{formatDay(locale, date)}</time>;
}
