import { type ComponentProps, type ComponentType, useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "../site/i18n";
import { loadOnce } from "../site/load-once";
import { LoaderAnimation } from "../site/loader-animation";
import { ModalDialog } from "../viewer/paper-modal";
import type { AuthCard as AuthCardType } from "./auth-card";

type AuthCardComponent = ComponentType<ComponentProps<typeof AuthCardType>>;

/** The auth card (and its form code) is fetched when the window first opens, not with the subject page. */
const loadAuthCard: () => Promise<AuthCardComponent> = loadOnce(() =>
  import("./auth-card").then((module) => module.AuthCard),
);

export interface AuthRequest {
  kind: "question" | "solution";
  /** What is being opened, e.g. "Mathematics 1, March 2023 question paper". */
  title: string;
  /** With `newTab`: the address the 'Open the solution' link opens in a new window. */
  url: string;
  /**
   * A solution opens in a new window, which browsers only allow straight from a tap: after sign-in
   * the dialog offers an 'Open the solution' link instead of calling `onSignedIn`.
   */
  newTab?: boolean;
}

/**
 * The sign-in window of a subject page (spec §4 "'Q Paper' click"): the auth card as a modal
 * dialog over a slightly transparent backdrop. After sign-in or sign-up, `onSignedIn` runs (the
 * page then opens the viewer at once), or, for a `newTab` request, the dialog offers a link.
 */
export function AuthDialog({
  request,
  onClose,
  onSignedIn,
}: {
  request: AuthRequest | null;
  onClose: () => void;
  onSignedIn: (request: AuthRequest) => void;
}) {
  const id = useId();
  return (
    <ModalDialog
      open={request !== null}
      onClose={onClose}
      labelledBy={`${id}-title`}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(28rem,calc(100vw-1rem))] max-w-none overflow-y-auto bg-transparent p-0 backdrop:bg-slate-900/60"
    >
      {request ? (
        <AuthDialogBody titleId={`${id}-title`} request={request} onClose={onClose} onSignedIn={onSignedIn} />
      ) : null}
    </ModalDialog>
  );
}

function AuthDialogBody({
  titleId,
  request,
  onClose,
  onSignedIn,
}: {
  titleId: string;
  request: AuthRequest;
  onClose: () => void;
  onSignedIn: (request: AuthRequest) => void;
}) {
  const revalidator = useRevalidator();
  const t = useT();
  const [signedIn, setSignedIn] = useState(false);
  const [AuthCard, setAuthCard] = useState<AuthCardComponent | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt makes Retry download the card again
  useEffect(() => {
    let current = true;
    setLoadFailed(false);
    loadAuthCard().then(
      (card) => current && setAuthCard(() => card),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const onSuccess = () => {
    // The header and useRootData().user follow the new session.
    void revalidator.revalidate();
    if (request.newTab) setSignedIn(true);
    else onSignedIn(request);
  };

  const title = signedIn ? t("auth.dialog.signedIn") : t("auth.dialog.title", { what: request.title });

  return (
    <div>
      <div className="mb-2 flex items-start justify-between gap-2 rounded-2xl bg-white px-5 py-3 shadow-lg">
        <h2 id={titleId} className="text-base font-bold text-indigo-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true">✕ </span>
          {t("auth.dialog.close")}
        </button>
      </div>
      {signedIn ? (
        <div className="rounded-2xl bg-white p-5 shadow-lg">
          <p className="text-slate-800">{t("auth.dialog.solutionReady")}</p>
          <a
            href={request.url}
            target="_blank"
            rel="noopener"
            // Close after the browser has followed the link, not before.
            onClick={() => setTimeout(onClose, 0)}
            className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-indigo-700 py-3 font-semibold text-white hover:bg-indigo-800"
          >
            {t("auth.dialog.openSolution")}
            <span className="sr-only"> {t("common.newTab")}</span>
          </a>
        </div>
      ) : (
        <>
          <p className="mb-2 rounded-xl bg-indigo-50 px-4 py-2 text-sm text-indigo-950">{t("auth.dialog.free")}</p>
          {AuthCard ? (
            <AuthCard onSuccess={onSuccess} />
          ) : loadFailed ? (
            <div role="alert" className="rounded-2xl bg-white p-5 text-center shadow-lg">
              <p className="font-semibold text-slate-900">{t("auth.dialog.loadFailed")}</p>
              <p className="mt-1 text-sm text-slate-700">{t("auth.dialog.checkConnection")}</p>
              <button
                type="button"
                onClick={() => setAttempt((n) => n + 1)}
                className="mt-4 rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
              >
                {t("auth.dialog.retry")}
              </button>
            </div>
          ) : (
            <div className="rounded-2xl bg-white shadow-lg">
              <LoaderAnimation label={t("auth.dialog.opening")} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
