/** Inline so the header costs no extra request. */
export function Logo({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#3730a3" />
      <path d="M12 9h12l6 6v16a2 2 0 0 1-2 2H12a2 2 0 0 1-2-2V11a2 2 0 0 1 2-2z" fill="#fff" />
      <path d="M24 9v6h6" fill="#c7d2fe" />
      <path d="M14 20h12M14 24h12M14 28h8" stroke="#f59e0b" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
