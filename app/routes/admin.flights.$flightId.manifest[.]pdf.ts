import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { openFlightManifest } from "#app/orders/flight-manifest.server";
import { manifestFileName } from "#app/orders/flight-manifest-export.server";
import { contentDisposition } from "#app/utils/content-disposition";
import { boundedParam, refusal } from "#app/utils/responses.server";

const REFUSAL_STATUS = { notFound: 404, failed: 500 } as const;

/**
 * The manifest for the operator as an A4 landscape table, in the staff member's language; recorded as 'pdf'. Drawn by
 * the documents Worker (decision 054) and not stored: it is live data.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "manifests:manage");
  const { t, language } = await getRequestI18n(request, context, "admin");
  const flightId = boundedParam(params.flightId);
  const outcome = flightId
    ? await openFlightManifest(context, { flightId, userId: user.id, action: "pdf" })
    : ({ ok: false, reason: "notFound" } as const);
  if (!outcome.ok) throw refusal(t(`manifestStaff.${outcome.reason}`), REFUSAL_STATUS[outcome.reason]);
  const body = await context.documents.renderer.renderFlightManifest(outcome.manifest, {
    language,
    issuedAt: context.now(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("attachment", manifestFileName(outcome.manifest, "pdf", t)),
      "Cache-Control": "no-store",
    },
  });
}
