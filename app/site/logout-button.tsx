import { type FormEvent, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useLocale, useT } from "./i18n";
import { useRootData } from "./root-data";

/**
 * Ends the server session; on failure the user stays signed in and is told why (spec §8 fixed).
 * A form posting to /logout, so that signing out works without JavaScript too. The request's code (logout.client.ts
 * with the API client and the API's messages) loads at the tap: a page's first load does not carry it.
 */
export function LogoutButton() {
  const { user } = useRootData();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const t = useT();
  const { path, locale } = useLocale();

  const logout = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    // The request's code could not be fetched: no connection.
    const failed = await import("./logout.client").then(
      (m) =>
        m.logOut({
          userId: user?.id ?? null,
          t,
          locale,
          home: path("/"),
          navigate,
          revalidate: revalidator.revalidate,
        }),
      () => t("api.auth.network"),
    );
    setError(failed);
    inFlight.current = false;
    setPending(false);
  };

  return (
    <form method="post" action={path("/logout")} onSubmit={logout} className="relative">
      <button
        type="submit"
        disabled={pending}
        className="mt-1 block w-full rounded-md border border-indigo-700 px-4 py-2 text-center font-semibold text-indigo-800 hover:bg-indigo-50 disabled:opacity-70 md:mt-0 md:ml-2 md:w-auto"
      >
        {pending ? t("common.nav.loggingOut") : t("common.nav.logout")}
      </button>
      <div
        role="alert"
        className={
          error
            ? "mt-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 md:absolute md:right-0 md:w-72"
            : ""
        }
      >
        {error}
      </div>
    </form>
  );
}
