import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import type {
  FigureView,
  ItemView,
  PaperView,
  QuestionView,
  SectionView,
} from "../../server/model-papers/html.server.ts";
import { useT } from "../site/i18n";

/**
 * A model paper as a board paper reads: questions in the board's numbering with their marks on the
 * right, choice rules, passages and figures. The HTML comes from the server's renderer (Markdown with
 * maths as MathML, figures through an SVG allow-list), so it is set as it is.
 *
 * Answers: `none` (a visitor's preview), `each` (a "Show answer" disclosure per item, which works without
 * JavaScript) or `all` (every answer open).
 */
export type AnswerMode = "none" | "each" | "all";

/**
 * What practice adds to the page: controls under each item (attempted/skipped, the marks given), a note
 * under a section (which choices count), and the answer beside its question on a wide screen.
 */
export interface PaperExtras {
  item?: (item: ItemView, section: SectionView) => ReactNode;
  section?: (section: SectionView) => ReactNode;
  /** The model answer beside the question from 1024 px (practice's checking); one after the other below. */
  sideBySide?: boolean;
  /** The answer without its list of marking points: `item` shows them instead (practice's ticks). */
  hideMarking?: boolean;
}

function Html({ html, className, as: Tag = "div" }: { html: string; className?: string; as?: "div" | "span" }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised on the server from our own content files
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Figure({ figure }: { figure: FigureView }) {
  return (
    <figure className="my-3 max-w-md">
      <Html html={figure.svg} className="[&_svg]:h-auto [&_svg]:max-w-full" />
    </figure>
  );
}

/** Marks on the right, as a board paper prints them. */
function Marks({ marks }: { marks: number }) {
  const t = useT();
  return (
    <span className="shrink-0 font-semibold text-slate-700">
      <span aria-hidden="true">[{marks}]</span>
      <span className="sr-only">({t("paper.view.marks", { count: marks })})</span>
    </span>
  );
}

/**
 * A formula or table wider than a phone scrolls inside its own box; such a box must be reachable by
 * keyboard (WCAG 2.1.1), so the ones that really overflow get tabindex="0" — checked again when the
 * width changes or an answer opens.
 */
function useFocusableOverflow(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const mark = () => {
      for (const box of element.querySelectorAll<HTMLElement>("math, table, .math-display")) {
        if (box.scrollWidth > box.clientWidth + 1) box.tabIndex = 0;
        else box.removeAttribute("tabindex");
      }
    };
    mark();
    window.addEventListener("resize", mark);
    element.addEventListener("toggle", mark, true);
    return () => {
      window.removeEventListener("resize", mark);
      element.removeEventListener("toggle", mark, true);
    };
  });
}

export function ModelPaperBody({
  view,
  questions = view.questions,
  answers,
  extras = {},
}: {
  /** The paper's language and questions (a chapter set passes its own, from several papers). */
  view: Pick<PaperView, "language" | "questions">;
  questions?: QuestionView[];
  answers: AnswerMode;
  extras?: PaperExtras;
}) {
  const root = useRef<HTMLDivElement>(null);
  useFocusableOverflow(root);
  return (
    <div ref={root} lang={view.language} className="paper-text space-y-8">
      {questions.map((question) => (
        <Question key={question.number} question={question} answers={answers} extras={extras} />
      ))}
    </div>
  );
}

function Question({ question, answers, extras }: { question: QuestionView; answers: AnswerMode; extras: PaperExtras }) {
  const t = useT();
  return (
    <section aria-labelledby={`q${question.number}`}>
      {question.heading ? <p className="mb-2 font-bold text-indigo-900">{question.heading}</p> : null}
      <h2
        id={`q${question.number}`}
        className="mb-3 flex items-baseline justify-between gap-3 border-b border-slate-300 pb-1"
      >
        <span className="text-lg font-bold text-slate-900">
          {t("paper.view.question", { number: question.number })}
        </span>
        <Marks marks={question.marksToWrite} />
      </h2>
      <div className="space-y-6">
        {question.sections.map((section) => (
          <Section key={`${question.number}-${section.label}`} section={section} answers={answers} extras={extras} />
        ))}
      </div>
    </section>
  );
}

function Section({ section, answers, extras }: { section: SectionView; answers: AnswerMode; extras: PaperExtras }) {
  const choice = section.attempt !== undefined && section.attempt < section.items.length;
  const t = useT();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold text-slate-900">
          {section.label ? <span className="mr-1">({section.label})</span> : null}
          <Html as="span" html={section.instructionHtml} />
        </p>
        {section.label ? <Marks marks={section.marksToWrite} /> : null}
      </div>
      {choice ? (
        <p className="mt-1 text-sm text-amber-900">
          {t("paper.view.choice", {
            attempt: section.attempt ?? 0,
            of: section.items.length,
            write: section.marksToWrite,
            printed: section.marksPrinted,
          })}
        </p>
      ) : null}
      {section.passageHtml ? (
        <Html html={section.passageHtml} className="prose-paper mt-3 rounded-lg border border-slate-200 bg-white p-3" />
      ) : null}
      {section.passageFigure ? <Figure figure={section.passageFigure} /> : null}
      {extras.section?.(section)}
      <ol className="mt-3 space-y-4">
        {section.items.map((item, index) => (
          <Item
            key={item.id}
            item={item}
            number={index + 1}
            answers={answers}
            extra={extras.item?.(item, section)}
            sideBySide={extras.sideBySide ?? false}
            marking={!extras.hideMarking}
          />
        ))}
      </ol>
    </div>
  );
}

function Item({
  item,
  number,
  answers,
  extra,
  sideBySide,
  marking,
}: {
  item: ItemView;
  number: number;
  answers: AnswerMode;
  extra: ReactNode;
  sideBySide: boolean;
  marking: boolean;
}) {
  const answer = answers === "none" ? null : <Answer item={item} open={answers === "all"} marking={marking} />;
  if (sideBySide) {
    return (
      <li
        id={item.id}
        className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-3 shadow-sm lg:grid lg:grid-cols-2 lg:gap-4"
      >
        <div className="min-w-0">
          <ItemQuestion item={item} number={number} />
        </div>
        <div className="min-w-0 lg:[&>details]:mt-0">
          {answer}
          {extra}
        </div>
      </li>
    );
  }
  return (
    <li id={item.id} className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <ItemQuestion item={item} number={number} />
      {answer}
      {extra}
    </li>
  );
}

function ItemQuestion({ item, number }: { item: ItemView; number: number }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 gap-2">
          <span className="shrink-0 font-semibold">({item.number ?? number})</span>
          <Html html={item.textHtml} className="prose-paper min-w-0 flex-1" />
        </div>
        <Marks marks={item.marks} />
      </div>
      {item.figure ? <Figure figure={item.figure} /> : null}
      {item.options ? (
        <ol className="mt-2 grid gap-1 sm:grid-cols-2">
          {item.options.map((option, i) => (
            <li key={option} className="flex gap-2">
              <span className="font-semibold">({"ABCD"[i]})</span>
              <Html as="span" html={option} />
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

function Answer({ item, open, marking }: { item: ItemView; open: boolean; marking: boolean }) {
  const t = useT();
  return (
    <details open={open} className="mt-3 rounded-md border border-green-200 bg-green-50">
      <summary className="cursor-pointer px-3 py-2 font-semibold text-green-900">{t("paper.view.showAnswer")}</summary>
      <div className="space-y-3 px-3 pb-3">
        <Html html={item.answerHtml} className="prose-paper" />
        {item.answerFigure ? <Figure figure={item.answerFigure} /> : null}
        {marking ? (
          <div>
            <p className="text-sm font-semibold text-slate-800">
              {t("paper.view.marking", { marks: t("paper.view.marks", { count: item.marks }) })}
            </p>
            <ul className="mt-1 space-y-1 text-sm text-slate-800">
              {item.marking.map((point) => (
                <li key={point.pointHtml} className="flex gap-2">
                  <span className="shrink-0 font-semibold">{point.marks}</span>
                  <Html as="span" html={point.pointHtml} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="text-xs text-slate-600">{t("paper.view.chapter", { chapter: item.chapterName })}</p>
      </div>
    </details>
  );
}

/**
 * A model paper's "General instructions", as the board prints them (HTML rendered on the server). Here, with the
 * paper's body, because the pages that show one show the other.
 */
export function PaperInstructions({ html, language }: { html: string[]; language: string }) {
  const t = useT();
  return (
    <section aria-labelledby="instructions" className="mt-5 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="instructions" className="font-semibold text-slate-900">
        {t("paper.instructions")}
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
