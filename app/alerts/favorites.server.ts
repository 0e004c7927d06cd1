/**
 * The hearts of the flight cards (docs/orders.md 'Favourites and the dashboard'): a user's
 * own favourites only.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { toggleFavorite } from "./favorites.queries.server";
import { logError } from "#app/utils/request-log.server";

export type FavoriteToggleOutcome = { ok: true; favorite: boolean } | { ok: false; reason: "notFound" | "failed" };

/**
 * Adds the flight to the user's favourites, or removes it if it was one; `favorite` says
 * which. Whatever flight id is sent, only this user's row changes.
 */
export async function toggleFavoriteFlight(
  context: AppLoadContext,
  { userId, flightId }: { userId: string; flightId: string },
): Promise<FavoriteToggleOutcome> {
  try {
    const toggled = await toggleFavorite(context.db, { userId, flightId, now: context.now() });
    return toggled === "notFound" ? { ok: false, reason: "notFound" } : { ok: true, favorite: toggled === "added" };
  } catch (error) {
    logError("favorites.toggle-failed", error, { requestId: context.requestId, flightId });
    return { ok: false, reason: "failed" };
  }
}
