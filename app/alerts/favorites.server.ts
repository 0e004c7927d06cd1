import type { AppLoadContext } from "@remix-run/cloudflare";

import { logError } from "#app/utils/request-log.server";

import { toggleFavorite } from "./favorites.queries.server";

export type FavoriteToggleOutcome = { ok: true; favorite: boolean } | { ok: false; reason: "notFound" | "failed" };

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
