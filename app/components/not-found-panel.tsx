import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";

/** A flight or an order that is not there; any other error goes up to the root's error page. */
export function NotFoundPanel({
  title,
  text,
  linkTo,
  linkLabel,
}: {
  title: string;
  text: string;
  linkTo: string;
  linkLabel: string;
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-navy-700">{text}</p>
      <Link to={linkTo} className={`${buttonClassName("primary", "lg")} mt-8 inline-block`}>
        {linkLabel}
      </Link>
    </section>
  );
}
