/** The summary of a `jm-open-from-sm` details (app/tailwind.css): a full-width row a thumb finds, 44 px high. */
export const DISCLOSURE_SUMMARY =
  "flex min-h-11 cursor-pointer items-center rounded-xl bg-white px-4 font-semibold text-navy-900 ring-1 ring-navy-100";
