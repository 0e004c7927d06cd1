import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";

import { useTranslation } from "#app/utils/translations";

type RootData = { user: { id: string } | null };

/**
 * docs/orders.md 'Favourites and the dashboard'. With JavaScript the heart turns at once and the
 * server's toast follows; signed out, the toast links to sign-in.
 */
export function FavoriteButton({
  flightId,
  from,
  to,
  isFavorite,
}: {
  flightId: string;
  from: string;
  to: string;
  isFavorite: boolean;
}) {
  const { t } = useTranslation("catalogue");
  const fetcher = useFetcher();
  const location = useLocation();
  const signedIn = !!useRouteLoaderData<RootData>("root")?.user;
  const pressed = signedIn && fetcher.formData ? fetcher.formData.get("intent") === "add" : isFavorite;
  return (
    <fetcher.Form method="post" action="/favorites" preventScrollReset className="absolute right-3 top-3 z-10">
      <input type="hidden" name="flightId" value={flightId} />
      <input type="hidden" name="intent" value={pressed ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={signedIn ? pressed : undefined}
        aria-label={t(pressed ? "favorites.remove" : "favorites.add", { from, to })}
        title={signedIn ? undefined : t("flight.favouriteTitle")}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-red-600 hover:bg-white"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.2 0 3.6 1.2 5.2 3 1.6-1.8 3-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21Z"
            fill={pressed ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </button>
    </fetcher.Form>
  );
}
