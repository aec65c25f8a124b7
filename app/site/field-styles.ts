/** A form label's look, shared by the home form and the sign-in card without pulling in the card's fields. */
export const LABEL_CLASS = "mb-1 block text-sm font-semibold text-slate-800";
