import type { AppLoadContext } from "@remix-run/cloudflare";

import { logError } from "#app/utils/request-log.server";

import type { RequestStatusInput } from "./admin-request-forms";
import { setRequestStatus } from "./admin-requests.queries.server";

export type RequestStatusOutcome = { ok: true } | { ok: false; reason: "failed" };

export async function markRequest(
  context: AppLoadContext,
  { kind, id, status, by }: Omit<RequestStatusInput, "redirectTo"> & { by: string },
): Promise<RequestStatusOutcome> {
  try {
    const changed = await setRequestStatus(context.db, { kind, id, status, userId: by, now: context.now() });
    return changed ? { ok: true } : { ok: false, reason: "failed" };
  } catch (error) {
    logError("requests.status-change-failed", error, { requestId: context.requestId, kind, rowId: id });
    return { ok: false, reason: "failed" };
  }
}
