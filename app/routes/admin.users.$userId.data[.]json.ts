import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { exportManifests } from "#app/orders/manifest.server";
import { exportUserData, userDataResponse } from "#app/privacy/privacy.server";
import { boundedParam, invariantResponse } from "#app/utils/responses.server";

/** For a request made to staff by mail or letter (docs/privacy.md 'Droits des personnes'). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "users:manage");
  const userId = boundedParam(params.userId);
  const { t, language } = await getRequestI18n(request, context, "admin");
  const data = userId ? await exportUserData(context, userId) : null;
  invariantResponse(data, () => t("users.errors.notFound"), 404);
  const manifests = await exportManifests(
    context,
    data.orders.map((order) => order.id),
  );
  return userDataResponse({ ...data, manifests }, { now: context.now(), language });
}
