// A person's rights over their data: docs/privacy.md 'Droits des personnes'.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { renderNotification } from "#app/alerts/notifications.server";
import { type Language, uiLanguageFor } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import { sendMail } from "#app/mail/mail.server";
import { contentDisposition } from "#app/utils/content-disposition";
import { zurichDay } from "#app/utils/format";
import { logEvent } from "#app/utils/request-log.server";

import { readPersonData } from "./person-data.queries.server";
import { eraseAccountRows, erasureCheck, findAccount } from "./privacy.queries.server";

type Serialized<T> = T extends Date
  ? string
  : T extends Array<infer Item>
    ? Serialized<Item>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;
const serialize = <T>(value: T) => JSON.parse(JSON.stringify(value)) as Serialized<T>;

/** Raise it when a field changes meaning. */
export const EXPORT_VERSION = 2;

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
    // Their text as the person reads it, in their language (decision 024).
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

/** `manifests`: the orders domain's part (orders/manifest.server.ts `exportManifests`), joined by the route. */
export function userDataResponse(
  data: UserDataExport & { manifests?: unknown },
  { now, language }: { now: Date; language: Language },
) {
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

/** Random, so it points at nobody. */
function placeholderEmail() {
  return `anonymised-${crypto.randomUUID().slice(0, 8)}@invalid`;
}

/** The last mail leaves first, while the address still exists. Throws on a database failure. */
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
