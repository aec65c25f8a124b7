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
  // GET /api/v1/attempts?before= (domain/practice-schema.ts's HISTORY_MESSAGES).
  "before must be the id of one of your attempts": "api.history.before",
  // The search API (domain/search.ts's SEARCH_MESSAGES, a test checks them).
  "Type something to search for": "api.search.empty",
  "Search for at most 200 characters": "api.search.tooLong",
  "Give one search at a time": "api.search.repeated",
  "Search is busy. Please try again in a moment.": "api.search.busy",
  // The consent rules' other messages (domain/consent.ts's CONSENT_MESSAGES) and the boxes to tick before a
  // deletion: the pages show their own keys for these (auth.consentWaiting, account.consent.*,
  // account.profile.deleteConfirmNeeded, account.children.*). domain/api-messages.test.ts checks them.
  "We have emailed your parent. Your account starts when they agree.": "api.consent.asked",
  "Your parent has not agreed yet. We have emailed them the link again.": "api.consent.waiting",
  "This link has expired or was already answered.": "api.consent.linkInvalid",
  "Tick the box to say you are this student's parent or guardian and 18 or older": "api.consent.declarationRequired",
  "Thank you. The account is ready to use.": "api.consent.agreed",
  "The sign-up has been deleted.": "api.consent.declined",
  "Consent withdrawn. The student's account and everything in it have been deleted.": "api.consent.withdrawn",
  "An account with this phone number already exists. Please sign in.": "api.consent.phoneTaken",
  "No such student linked to your account": "api.consent.noSuchChild",
  // The age question's API answers (domain/consent.ts's AGE_MESSAGES): /age and /parent-email say their own.
  "Say whether you are under 18 first: POST /api/v1/me/age with under_18 (and parent_email if true).":
    "api.age.ageUnknown",
  "Thank you. Your account is ready to use.": "api.age.ageAdult",
  "Your account has already said whether you are under 18.": "api.age.ageKnown",
  "We have emailed the new address. The link in the earlier email no longer works.": "api.age.parentEmailChanged",
  "Your parent has been emailed 5 times already. Ask them to open the latest email, or sign up again after the account is deleted.":
    "api.age.tooManySends",
  "This account is not waiting for a parent's consent.": "api.age.notWaiting",
  "Confirm that the account is to be deleted": "api.account.confirmDelete",
  "Confirm that the student's account is to be deleted": "api.account.confirmWithdraw",
};
