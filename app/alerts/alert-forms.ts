/**
 * The alert forms, shared by the server and the browser: the profile's 'Alertes de vols'
 * and the alert mails' unsubscribe link. Messages are keys of the `auth` namespace
 * (`alerts.errors.*`, `validation.*`), translated where shown.
 */
import { type ALERT_PLACE_KINDS, ALERT_WEEKLY_CAPS, ALERT_WINDOWS, SEARCH_RADII_KM } from "#app/utils/constants";
import { MAX_NAME } from "#app/utils/forms/limits";
import { type Infer, z } from "#app/utils/zod";

const TOO_LONG = "validation.tooLong";

/** A watch's place as its select sends it: `city:<served city>` or `country:<country>`. */
const alertPlace = z
  .string({ error: "alerts.errors.required" })
  .max(MAX_NAME, TOO_LONG)
  .regex(/^(city|country):.+$/, "alerts.errors.required")
  .transform((value) => {
    const colon = value.indexOf(":");
    return { kind: value.slice(0, colon) as (typeof ALERT_PLACE_KINDS)[number], value: value.slice(colon + 1) };
  });
/** A departure city's radius (decision 036); none sent is the city alone. */
const radiusKm = z
  .enum(SEARCH_RADII_KM.map(String) as [string, ...string[]], { error: "alerts.errors.required" })
  .transform(Number)
  .optional();
const windowDays = z
  .enum(ALERT_WINDOWS.map(String) as [string, ...string[]], { error: "alerts.errors.required" })
  .transform(Number);

/**
 * The profile's alert forms ('Alertes de vols'): add a watch, remove one, set the weekly
 * cap on alert mails ("" is no cap). Which places the airports have is the service's check.
 */
export const AlertsPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("addWatch"), from: alertPlace, to: alertPlace.optional(), windowDays, radiusKm }),
    z.object({
      intent: z.literal("removeWatch"),
      watchId: z.number({ error: "alerts.errors.required" }).int().positive(),
    }),
    // A device's Web Push subscription, as `PushSubscription.toJSON()` gives it (decision 057).
    z.object({
      intent: z.literal("subscribePush"),
      endpoint: z.url({ error: "alerts.errors.pushUnavailable" }).max(1024, "alerts.errors.pushUnavailable"),
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, "alerts.errors.pushUnavailable"),
      auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, "alerts.errors.pushUnavailable"),
    }),
    z.object({
      intent: z.literal("removePushDevice"),
      deviceId: z.string({ error: "alerts.errors.required" }).regex(/^[\w-]{1,64}$/, "alerts.errors.required"),
    }),
    z.object({
      intent: z.literal("setCap"),
      cap: z
        .enum(ALERT_WEEKLY_CAPS.map(String) as [string, ...string[]], { error: "alerts.errors.required" })
        .transform(Number)
        .optional(),
    }),
  ],
  { error: "alerts.errors.required" },
);
export type AlertsPageChange = Infer<typeof AlertsPageSchema>;

/**
 * The alert mails' unsubscribe link, posted by its page's button (with the token) or by
 * a mail client's one-click POST (RFC 8058: `List-Unsubscribe=One-Click`, the token in
 * the link's query). The token is bounded where it is read (`boundedParam`).
 */
export const AlertUnsubscribeSchema = z.object({
  token: z.string().optional(),
  "List-Unsubscribe": z.literal("One-Click").optional(),
});
