import type { ReactNode } from "react";

export function Expander({
  summary,
  children,
  onToggle,
  compact = false,
}: {
  summary: string;
  children: ReactNode;
  onToggle?: (open: boolean) => void;
  compact?: boolean;
}) {
  return (
    <details
      className={`group min-w-0 rounded-lg ${compact ? "mt-1" : "border border-navy-100"}`}
      onToggle={(event) => onToggle?.(event.currentTarget.open)}
    >
      <summary
        className={`cursor-pointer rounded-lg text-sm font-semibold text-navy-800 hover:bg-navy-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400 ${compact ? "w-fit px-2 py-1" : "px-3 py-2"}`}
      >
        {summary}
      </summary>
      <div className="border-t border-navy-100 p-3">{children}</div>
    </details>
  );
}
