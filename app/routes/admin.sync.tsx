import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { syncFlightsFromFeed, type SyncResult } from "#app/feed/feed-sync.server";
import { getRequestI18n } from "#app/i18n.server";
import { BackOfficeButtonSchema } from "#app/utils/forms/fields";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { redirectWithToast } from "#app/utils/toast.server";
import type { TFunction } from "#app/utils/translator";

export function loader() {
  return redirect("/admin");
}

export function syncMessage(t: TFunction, result: SyncResult): string {
  if (result.ok) return t("sync.success", { count: result.created + result.updated });
  const { failure } = result;
  if (failure.kind === "http") return t("sync.errors.http", { status: failure.status, message: failure.message });
  return t(`sync.errors.${failure.kind}`);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "feed:sync");
  const submission = await parseRequest(request, { schema: BackOfficeButtonSchema });
  const result = await syncFlightsFromFeed(context, { trigger: "manual", userId: user.id });
  const { t } = await getRequestI18n(request, context, "admin");
  const back = redirectBack(submission, "/admin");
  return redirectWithToast(context, back, {
    type: result.ok ? "success" : "error",
    description: syncMessage(t, result),
    banner: true,
  });
}
