/**
 * The API's messages that no page shows (issue 14): practice's and search's refusals, which the pages answer with
 * messages of their own, and the papers API's outage text. They keep their catalog keys, so that the English stays
 * the API's word for word (a test checks it) and a page that starts to show one has its Marathi. Kept out of
 * API_MESSAGE_KEYS, which the sign-in card and every form's first load carry (decision 005): only tests read this.
 */
export const UNSHOWN_API_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  "No such model paper": "api.noSuchModelPaper",
  "The attempt could not be started; please try again": "api.attemptNotStarted",
  "This attempt has ended; its marks can no longer change": "api.attemptEnded",
  "Give yourself marks once the writing time is over": "api.marksAfterWriting",
  "Some marks are not valid": "api.marksInvalid",
  "This attempt ended after 24 hours without a result": "api.attemptExpired",
  "Papers are unavailable right now. Please try again.": "api.papersUnavailable",
  // The search API (domain/search.ts's SEARCH_MESSAGES, a test checks them).
  "Type something to search for": "api.search.empty",
  "Search for at most 200 characters": "api.search.tooLong",
  "Give one search at a time": "api.search.repeated",
  "Search is busy. Please try again in a moment.": "api.search.busy",
};
