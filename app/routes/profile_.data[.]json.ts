import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireUser } from "#app/accounts/session.server";
import { detectLanguage } from "#app/i18n.server";
import { exportManifests } from "#app/orders/manifest.server";
import { exportUserData, userDataResponse } from "#app/privacy/privacy.server";
import { invariantResponse } from "#app/utils/responses.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { redirectTo: "/profile" });
  const data = await exportUserData(context, user.id);
  // The session's user exists: its absence is a fault, not a refusal to explain.
  invariantResponse(data, "Not found", 404);
  const manifests = await exportManifests(
    context,
    data.orders.map((order) => order.id),
  );
  return userDataResponse(
    { ...data, manifests },
    { now: context.now(), language: await detectLanguage(request, context) },
  );
}
