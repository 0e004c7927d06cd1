import { type Infer, z } from "#app/utils/zod";

import { idField, redirectToField } from "./fields";

export const FavoriteToggleSchema = z.object({
  intent: z.enum(["add", "remove"]),
  flightId: idField,
  redirectTo: redirectToField,
});

export const WaitlistChangeSchema = z.object({
  intent: z.enum(["join", "leave"]),
  flightId: idField,
  redirectTo: redirectToField,
});

export const NotificationActionSchema = z.object({
  intent: z.enum(["read", "delete"]),
  id: z.number().int().min(1),
});

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
