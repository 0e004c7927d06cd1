/** The frame of a page below the profile (/profile/passkeys, /profile/second-factor). */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function ProfileSubpage({
  title,
  backLabel,
  children,
  after,
}: {
  title: string;
  backLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/profile" className="text-sm font-semibold text-navy-700 hover:underline">
        <span aria-hidden="true">←</span> {backLabel}
      </Link>
      <section className="mt-4 rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </section>
      {after}
    </div>
  );
}
