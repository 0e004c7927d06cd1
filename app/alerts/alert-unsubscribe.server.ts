/**
 * The unsubscribe link of the flight alert mails (docs/decisions/018-one-click-unsubscribe.md):
 * it works without signing in, for as long as the mail is kept. Its token is the user's
 * id and an HMAC of it with SESSION_SECRET, so nothing is stored and every alert mail
 * of a user carries the same link. Opening the link asks for a click (mail scanners
 * open links); the click, or a mail client's one-click POST (RFC 8058), removes all the
 * user's alert watches.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Language } from "#app/i18n";
import { countUserWatches, removeUserAlertSubscriptions } from "./alert-watches.queries.server";
import { constantTimeEqual, hmacSha256 } from "#app/utils/crypto.server";
import { absoluteUrl } from "#app/utils/urls";
import { logEvent } from "#app/utils/request-log.server";

export const ALERT_UNSUBSCRIBE_PATH = "/alerts/unsubscribe";
/** What the MAC signs besides the id: no other use of SESSION_SECRET signs this text. */
const PURPOSE = "alert-unsubscribe:v1:";

export type AlertUnsubscribeOutcome = { ok: true; removed: number } | { ok: false; reason: "invalidToken" };
export type AlertUnsubscribeState = "confirm" | "done" | "invalid";

/** `<user id>.<HMAC-SHA-256 of it, base64url>`: the MAC has no dot, the id may. */
export async function createAlertUnsubscribeToken(secret: string, userId: string): Promise<string> {
  return `${userId}.${await hmacSha256(secret, PURPOSE + userId)}`;
}

/** The user a token was made for; null for anything else. */
export async function readAlertUnsubscribeToken(secret: string, token: string | null): Promise<string | null> {
  const dot = token?.lastIndexOf(".") ?? -1;
  if (!token || dot <= 0) return null;
  const userId = token.slice(0, dot);
  return constantTimeEqual(token, await createAlertUnsubscribeToken(secret, userId)) ? userId : null;
}

/** The link of a user's alert mails; `lng` makes the page answer in their language. */
export async function alertUnsubscribeUrl(
  context: AppLoadContext,
  { userId, language }: { userId: string; language: Language },
) {
  const token = await createAlertUnsubscribeToken(context.env.SESSION_SECRET, userId);
  return absoluteUrl(context.env.APP_URL, ALERT_UNSUBSCRIBE_PATH, { token, lng: language });
}

/** What opening the link shows: the button while the user has alerts, else that it is done. */
export async function alertUnsubscribeState(
  context: AppLoadContext,
  { token }: { token: string | null },
): Promise<AlertUnsubscribeState> {
  const userId = await readAlertUnsubscribeToken(context.env.SESSION_SECRET, token);
  if (!userId) return "invalid";
  return (await countUserWatches(context.db, userId)) > 0 ? "confirm" : "done";
}

/**
 * The link's button, or a one-click POST: no alert of the user any more. A second
 * click, or one after the account was erased, removes nothing and is no error.
 */
export async function unsubscribeFromAlerts(
  context: AppLoadContext,
  { token }: { token: string | null },
): Promise<AlertUnsubscribeOutcome> {
  const userId = await readAlertUnsubscribeToken(context.env.SESSION_SECRET, token);
  if (!userId) return { ok: false, reason: "invalidToken" };
  const removed = await removeUserAlertSubscriptions(context.db, userId);
  if (removed > 0) logEvent("info", "alerts.unsubscribed", { requestId: context.requestId, userId, removed });
  return { ok: true, removed };
}
