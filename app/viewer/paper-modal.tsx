import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";

let locks = 0;

/** `:modal` is unknown to browsers before 2022, where matches() throws: such a browser shows it again. */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(":modal");
  } catch {
    return false;
  }
}

/** The page behind a modal must not scroll; nested modals share one lock. */
function lockScroll(): () => void {
  locks += 1;
  if (locks === 1) document.documentElement.style.overflow = "hidden";
  return () => {
    locks -= 1;
    if (locks === 0) document.documentElement.style.overflow = "";
  };
}

/**
 * A native modal `<dialog>` driven by `open`: `showModal()` gives the top layer, makes the page
 * behind inert (so focus stays inside) and exposes role=dialog with aria-modal. Esc or a tap on
 * the backdrop calls `onClose`; closing returns focus to what had it before opening.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className,
  children,
  returnFocus,
  shownBeforeScript = false,
}: {
  /**
   * Open in the server's HTML (the `open` attribute, not yet modal), so that a page opened on this dialog shows it
   * before its scripts run; made modal once they do. Hidden where scripts never run (app.css).
   */
  shownBeforeScript?: boolean;
  /** Where focus goes on closing; by default what had focus when the dialog opened. */
  returnFocus?: HTMLElement | null | undefined;
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    // Open from the server's HTML but not modal: closed and shown again as a modal (top layer, the page inert).
    if (dialog.open && !isModal(dialog)) dialog.close();
    if (!dialog.open) dialog.showModal();
    return () => {
      unlock();
      if (dialog.open) dialog.close();
      const target = returnFocusRef.current ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [open]);

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog element itself is only hit outside its content box, i.e. on the backdrop.
    if (event.target === event.currentTarget) onCloseRef.current();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc is handled by the dialog's cancel event
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={onBackdropClick}
      className={className}
      // In the server's HTML only: were React to own the attribute, it would remove it from a modal dialog on
      // closing, which leaves the page inert (the dialog is closed by close(), below). Hence no hydration warning.
      open={shownBeforeScript && open && typeof document === "undefined" ? true : undefined}
      suppressHydrationWarning={shownBeforeScript}
      data-before-script={shownBeforeScript ? "" : undefined}
    >
      {open ? children : null}
    </dialog>
  );
}
