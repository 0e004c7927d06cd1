/**
 * The back-office's result banners (back-office.md section 2: green for success, red for
 * failure): an action redirects with the banner in a signed flash cookie of its own,
 * the /admin layout loader reads and clears it. A cookie of its own, not the toast's,
 * so the root loader clearing a toast never drops a banner of the same response.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { flashCookieStorage } from "#app/utils/toast.server";
import { z, type Infer } from "#app/utils/zod";

export const bannerSchema = z.object({ id: z.string(), type: z.enum(["success", "error"]), message: z.string().max(500) });
export type Banner = Infer<typeof bannerSchema>;

const bannerStorage = (context: AppLoadContext) => flashCookieStorage(context, "jm_banner");

export async function redirectWithBanner(context: AppLoadContext, url: string, banner: Omit<Banner, "id">) {
  const storage = bannerStorage(context);
  const session = await storage.getSession();
  session.flash("banner", bannerSchema.parse({ id: crypto.randomUUID(), ...banner }));
  return redirect(url, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

/** The flashed banner and the header that clears it (to put on the response), or nulls. */
export async function readBanner(request: Request, context: AppLoadContext) {
  const storage = bannerStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = bannerSchema.safeParse(session.get("banner"));
  if (!parsed.success) return { banner: null, headers: null };
  return { banner: parsed.data, headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }) };
}
