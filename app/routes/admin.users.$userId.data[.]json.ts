import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { exportManifests } from "#app/orders/manifest.server";
import { exportUserData, userDataResponse } from "#app/privacy/privacy.server";
import { can } from "#app/utils/permissions";
import { boundedParam, invariantResponse } from "#app/utils/responses.server";

/** For a request made to staff by mail or letter (docs/privacy.md 'Droits des personnes'). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, context, "users:manage");
  const userId = boundedParam(params.userId);
  const { t, language } = await getRequestI18n(request, context, "admin");
  const data = userId ? await exportUserData(context, userId) : null;
  invariantResponse(data, () => t("users.errors.notFound"), 404);
  // Document numbers only for staff who may read manifests, each opened order recorded as their view.
  const orderIds = data.orders.map((order) => order.id);
  const manifests = can(staff.role, "manifests:manage")
    ? await exportManifests(context, orderIds, { staffId: staff.id })
    : undefined;
  return userDataResponse({ ...data, manifests }, { now: context.now(), language });
}
