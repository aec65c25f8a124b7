import { type FormEvent, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { NetworkError, postJson } from "../lib/api";
import { useRootData } from "../lib/root-data";

/**
 * Ends the server session; on failure the user stays signed in and is told why (spec §8 fixed).
 * A form posting to /logout, so that signing out works without JavaScript too.
 */
export function LogoutButton() {
  const { user } = useRootData();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const logout = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      const result = await postJson("/api/v1/logout", { user_id: user?.id ?? null });
      if (!result.ok) {
        setError(`Could not log out: ${result.message}`);
        return;
      }
      try {
        localStorage.removeItem("user_id");
      } catch {
        // storage disabled: nothing to remove
      }
      await navigate("/");
      await revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof NetworkError ? caught.message : "Could not log out. Please try again.");
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return (
    <form method="post" action="/logout" onSubmit={logout} className="relative">
      <button
        type="submit"
        disabled={pending}
        className="mt-1 block w-full rounded-md border border-indigo-700 px-4 py-2 text-center font-semibold text-indigo-800 hover:bg-indigo-50 disabled:opacity-70 md:mt-0 md:ml-2 md:w-auto"
      >
        {pending ? "Logging out…" : "Logout"}
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
