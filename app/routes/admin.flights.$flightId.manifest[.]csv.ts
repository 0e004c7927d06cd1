import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { openFlightManifest } from "#app/orders/flight-manifest.server";
import { flightManifestCsv, manifestFileName } from "#app/orders/flight-manifest-export.server";
import { contentDisposition } from "#app/utils/content-disposition";
import { boundedParam, refusal } from "#app/utils/responses.server";

const REFUSAL_STATUS = { notFound: 404, failed: 500 } as const;

/** The manifest for the operator as a spreadsheet, its headers in the staff member's language; recorded as 'csv'. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "manifests:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const flightId = boundedParam(params.flightId);
  const outcome = flightId
    ? await openFlightManifest(context, { flightId, userId: user.id, action: "csv" })
    : ({ ok: false, reason: "notFound" } as const);
  if (!outcome.ok) throw refusal(t(`manifestStaff.${outcome.reason}`), REFUSAL_STATUS[outcome.reason]);
  return new Response(flightManifestCsv(outcome.manifest, t), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", manifestFileName(outcome.manifest, "csv", t)),
      "Cache-Control": "no-store",
    },
  });
}
