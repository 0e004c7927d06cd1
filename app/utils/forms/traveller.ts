/**
 * The small forms of the catalogue's pages, shared by the server and the browser: a
 * flight card's heart and waitlist button, the notification panel's buttons, the cookie choice. Each is a
 * button (or checkboxes) with nothing typed: a refusal is a toast or the panel's alert.
 */
import { z, type Infer } from "#app/utils/zod";
import { idField, redirectToField } from "./fields";

/** A flight card's heart, posted from any page and sent back there. */
export const FavoriteToggleSchema = z.object({
  intent: z.enum(["add", "remove"]),
  flightId: idField,
  redirectTo: redirectToField,
});

/**
 * 'Me prévenir si une place se libère' (join) or 'Quitter' (leave) on a sold-out flight's
 * card, its checkout page or the dashboard, posted to /waitlist and sent back there.
 */
export const WaitlistChangeSchema = z.object({
  intent: z.enum(["join", "leave"]),
  flightId: idField,
  redirectTo: redirectToField,
});

/** 'Marquer comme lu' or 'Supprimer' on one notification of the panel. */
export const NotificationActionSchema = z.object({
  intent: z.enum(["read", "delete"]),
  id: z.number().int().min(1),
});

/**
 * The cookie choice: the banner's two buttons, or the /cookies
 * page's checkboxes and 'Enregistrer mes choix'.
 */
export const ConsentChoiceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept-all"), redirectTo: redirectToField }),
  z.object({ intent: z.literal("essential-only"), redirectTo: redirectToField }),
  z.object({
    intent: z.literal("save"),
    analytics: z.literal("on").optional(),
    marketing: z.literal("on").optional(),
    redirectTo: redirectToField,
  }),
]);
export type ConsentChoice = Infer<typeof ConsentChoiceSchema>;

/** What the choice consents to (essential cookies are always on). */
export function consentOf(choice: ConsentChoice): { analytics: boolean; marketing: boolean } {
  switch (choice.intent) {
    case "accept-all":
      return { analytics: true, marketing: true };
    case "essential-only":
      return { analytics: false, marketing: false };
    case "save":
      return { analytics: choice.analytics === "on", marketing: choice.marketing === "on" };
  }
}
