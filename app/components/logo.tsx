export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="h-8 w-8" focusable="false">
        <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.12" />
        <path
          fill="currentColor"
          d="M29 15.2 19.6 13 13 4.5h-2.4l3.4 8.2-6.2-.9-2.2-2.9H3.8l1.5 5.1-1.5 5.1h1.8l2.2-2.9 6.2-.9-3.4 8.2H13l6.6-8.5 9.4-2.2c.7-.2.7-1.4 0-1.6Z"
        />
      </svg>
      <span className="text-xl font-bold tracking-tight">
        Jet<span className="text-gold-400">Malin</span>
      </span>
    </span>
  );
}
