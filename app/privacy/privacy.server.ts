/**
 * A person's rights over their data (docs/privacy.md 'Droits des personnes'):
 * the export ('Télécharger mes données', and staff's 'Télécharger les données') and the
 * erasure ('Supprimer mon compte', and staff's 'Supprimer' in the users tab). What each
 * reads and writes is in privacy/person-data.queries.server.ts (the export) and
 * privacy/privacy.queries.server.ts (the erasure); here is the order of things.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { translatorFor } from "#app/i18n.server";
import { uiLanguageFor, type Language } from "#app/i18n";
import { eraseAccountRows, erasureCheck, findAccount } from "./privacy.queries.server";
import { readPersonData } from "./person-data.queries.server";
import { zurichDay } from "#app/utils/format";
import { contentDisposition } from "#app/utils/content-disposition";
import { sendMail } from "#app/mail/mail.server";
import { renderNotification } from "#app/alerts/notifications.server";
import { logEvent } from "#app/utils/request-log.server";

/** Dates become ISO strings, as JSON.stringify writes them: what the file holds, typed. */
type Serialized<T> = T extends Date
  ? string
  : T extends Array<infer Item>
    ? Serialized<Item>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;
const serialize = <T>(value: T) => JSON.parse(JSON.stringify(value)) as Serialized<T>;

/** The export's shape; raise it when a field changes meaning. */
export const EXPORT_VERSION = 2;

/**
 * Everything kept about the user, as a JSON-serialisable object: the profile (never the
 * password hash), their orders with passengers, favourites, notifications, alert
 * watches (the weekly cap is in the profile) and the alerts sent, open sessions, requests, the newsletter consent, the
 * mails sent to them (without bodies), and notes in their language on what is not
 * here and why. Null when the account does not exist.
 */
export async function exportUserData(context: AppLoadContext, userId: string) {
  const account = await findAccount(context.db, userId);
  if (!account) return null;
  const { passwordHash: _secret, ...profile } = account;
  const data = await readPersonData(context.db, { userId, email: account.email });
  const language = uiLanguageFor(account.language) ?? "en";
  const t = translatorFor(language, "auth");
  return serialize({
    format: "jetmalin-personal-data",
    version: EXPORT_VERSION,
    exportedAt: context.now(),
    profile,
    orders: data.orders.map((order) => ({ ...order, currency: "EUR" })),
    favorites: data.favorites,
    waitlist: data.waitlist,
    // Their text as the person reads it, in their language (decision 024), beside the data it is made from.
    notifications: data.notifications.map((notification) => {
      const { title, message } = renderNotification(notification, language);
      return { ...notification, title, message };
    }),
    alertPreferences: { watches: data.alertWatches, alertsSent: data.alertDeliveries },
    sessions: data.sessions,
    passkeys: data.passkeys,
    requests: { exclusive: data.exclusiveRequests, custom: data.customRequests },
    consents: {
      newsletter: data.newsletter && {
        ...data.newsletter,
        subscribed: data.newsletter.confirmedAt !== null && data.newsletter.unsubscribedAt === null,
      },
      cookies: { storedServerSide: false, note: t("privacy.exportNotes.cookies") },
    },
    mails: data.mails,
    notes: { secrets: t("privacy.exportNotes.secrets"), orders: t("privacy.exportNotes.orders") },
  });
}

export type UserDataExport = NonNullable<Awaited<ReturnType<typeof exportUserData>>>;

/**
 * The export as a download named in the language of the page it came from, the person's
 * /profile or staff's users tab (`jetmalin-donnees-<Zurich day>.json` in French); never cached.
 */
export function userDataResponse(data: UserDataExport, { now, language }: { now: Date; language: Language }) {
  const filename = translatorFor(language, "auth")("privacy.exportFileName", { day: zurichDay(now) });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", filename),
      "Cache-Control": "private, no-store",
    },
  });
}

export type ErasureRefusal = "notFound" | "self" | "lastAdmin" | "activeOrders";
export type ErasureOutcome = { ok: true } | { ok: false; reason: ErasureRefusal };

/** The address an erased person's orders and requests read from now on: random, so it points at nobody. */
function placeholderEmail() {
  return `anonymised-${crypto.randomUUID().slice(0, 8)}@invalid`;
}

/**
 * Erases the account `userId`, asked by its owner (`by: "self"`) or by a staff member
 * (their id; never their own account from the users tab). Refused for the last admin
 * and while one of the person's orders is under way (the operator needs the names
 * until the flight). Else the last mail leaves first, while the address still exists,
 * then everything goes in one batch (privacy/privacy.queries.server.ts `eraseAccountRows`): the
 * orders stay, anonymised, for the accounting. Throws on a database failure.
 */
export async function eraseUser(
  context: AppLoadContext,
  { userId, by }: { userId: string; by: "self" | string },
): Promise<ErasureOutcome> {
  if (by === userId) return { ok: false, reason: "self" };
  const { db } = context;
  const now = context.now();
  const account = await findAccount(db, userId);
  const check = account && (await erasureCheck(db, { userId, email: account.email, now }));
  if (!account || !check) return { ok: false, reason: "notFound" };
  if (!check.mayBeDeleted) return { ok: false, reason: "lastAdmin" };
  if (check.activeOrders > 0) return { ok: false, reason: "activeOrders" };
  const goodbye = await sendMail(context, {
    to: account.email,
    locale: account.language,
    template: "auth/account-deleted",
    data: { firstName: account.firstName, byStaff: by !== "self" },
  });
  const erased = await eraseAccountRows(db, {
    userId,
    email: account.email,
    placeholderEmail: placeholderEmail(),
    orderReferences: check.orderReferences,
    // A goodbye not delivered yet keeps its row (and the address) for the outbox's retries.
    keepMailId: goodbye.status === "sent" ? null : goodbye.outboxId,
    now,
  });
  if (!erased) return { ok: false, reason: (await findAccount(db, userId)) ? "lastAdmin" : "notFound" };
  logEvent("info", "privacy.account-erased", {
    requestId: context.requestId,
    erasedBy: by === "self" ? "owner" : "staff",
    staffId: by === "self" ? undefined : by,
  });
  return { ok: true };
}
