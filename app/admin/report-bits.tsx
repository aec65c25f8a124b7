/** How the console names a problem report's reason and status (the students' pages have their own words). */
const REASON_LABELS: Record<string, string> = {
  "wrong-paper": "Wrong paper or year",
  pages: "Pages missing or unreadable",
  solution: "Mistake in a solution",
  other: "Something else",
};

export const STATUS_LABELS: Record<string, string> = { open: "Open", fixed: "Fixed", "wont-fix": "Won't fix" };

export function reasonLabel(reason: string): string {
  return REASON_LABELS[reason] ?? reason;
}
