import { createCookie } from "@remix-run/cloudflare";

import { hostCookieName } from "#app/utils/cookies.server";
import { type Infer, z } from "#app/utils/zod";

/** No analytics or marketing script exists yet: the choice only decides whether the banner shows. */
export const consentSchema = z.object({ analytics: z.boolean(), marketing: z.boolean() });
export type Consent = Infer<typeof consentSchema>;

export function consentCookie({ secure }: { secure: boolean }) {
  return createCookie(hostCookieName("jm_consent", { secure }), {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
    maxAge: 60 * 60 * 24 * 365,
  });
}

export async function readConsent(request: Request, { secure }: { secure: boolean }): Promise<Consent | null> {
  const parsed = consentSchema.safeParse(await consentCookie({ secure }).parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export async function serializeConsent(consent: Consent, { secure }: { secure: boolean }): Promise<string> {
  return consentCookie({ secure }).serialize(consent);
}
