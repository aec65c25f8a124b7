import type { Locale } from "../../domain/i18n.ts";
import { NetworkError, postJson, translateApiMessage } from "./api";
import type { Translate } from "./i18n";

/**
 * The sign-out request, loaded at the tap (issue 24's budgets: a page's first load does not carry it): ends the
 * server session, then goes home and reloads the root's data. Resolves to the message to show when it failed, or
 * null; the student stays signed in on a failure (spec §8 fixed).
 */
export async function logOut(options: {
  userId: string | null;
  t: Translate;
  locale: Locale;
  home: string;
  navigate: (to: string) => Promise<void> | void;
  revalidate: () => Promise<void>;
}): Promise<string | null> {
  const { t } = options;
  try {
    const result = await postJson("/api/v1/logout", { user_id: options.userId });
    if (!result.ok) {
      return t("common.nav.logoutFailed", { reason: translateApiMessage(t, options.locale, result.message) });
    }
    try {
      localStorage.removeItem("user_id");
    } catch {
      // storage disabled: nothing to remove
    }
    await options.navigate(options.home);
    await options.revalidate();
    return null;
  } catch (caught) {
    return caught instanceof NetworkError ? t("api.auth.network") : t("common.nav.logoutRetry");
  }
}
