import { Form, useLocation } from "@remix-run/react";

import { SubmitButton } from "#app/components/ui/form-field";
import type { SYNC_STATUSES, SyncSkips } from "#app/utils/constants";
import type { Toast } from "#app/utils/toast";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { SkipReasons } from "./sync-skips";

export function HeaderActions({ canSync, canSendAlerts }: { canSync: boolean; canSendAlerts: boolean }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const syncing = useIsPending({ formAction: "/admin/sync" });
  const sendingAlerts = useIsPending({ formAction: "/admin/alerts" });
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="flex flex-wrap gap-3">
      {canSync ? (
        <Form method="post" action="/admin/sync">
          <input type="hidden" name="redirectTo" value={here} />
          <SubmitButton variant="primary" pending={syncing} label={t("sync.button")} pendingLabel={t("sync.busy")} />
        </Form>
      ) : null}
      {canSendAlerts ? (
        <Form method="post" action="/admin/alerts">
          <input type="hidden" name="redirectTo" value={here} />
          <SubmitButton
            variant="accent"
            pending={sendingAlerts}
            label={t("alerts.button")}
            pendingLabel={t("alerts.busy")}
          />
        </Form>
      ) : null}
    </div>
  );
}

export function ResultBanner({ banner }: { banner: Toast }) {
  const success = banner.type === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      data-testid="admin-banner"
      data-type={banner.type}
      className={`mt-6 rounded-xl border-l-4 p-4 font-semibold ${
        success ? "border-emerald-600 bg-emerald-50 text-emerald-900" : "border-red-600 bg-red-50 text-red-900"
      }`}
    >
      {banner.description}
    </div>
  );
}

export type SyncRunRow = {
  id: number;
  trigger: "cron" | "manual";
  status: (typeof SYNC_STATUSES)[number];
  startedAt: string;
  newCount: number;
  updatedCount: number;
  skippedCount: number;
  skipped: SyncSkips | null;
  error: string | null;
  by: string | null;
};

export function SyncRuns({ canSync, runs }: { canSync: boolean; runs: SyncRunRow[] }) {
  const { t } = useTranslation("admin");
  if (!canSync) return null;
  return (
    <details className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
      <summary className="cursor-pointer font-semibold">{t("sync.runs.heading")}</summary>
      {runs.length === 0 ? (
        <p className="mt-3 text-navy-700">{t("sync.runs.none")}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="text-navy-700">
              <th scope="col" className="py-1 pr-4">
                {t("sync.runs.started")}
              </th>
              <th scope="col" className="py-1 pr-4">
                {t("sync.runs.trigger")}
              </th>
              <th scope="col" className="py-1">
                {t("sync.runs.result")}
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} className="border-t border-navy-100">
                <td className="py-1 pr-4 tabular-nums">{run.startedAt}</td>
                <td className="py-1 pr-4">
                  {run.trigger === "cron"
                    ? t("sync.runs.cron")
                    : run.by
                      ? t("sync.runs.manual", { name: run.by })
                      : t("sync.runs.manualUnknown")}
                </td>
                <td className={`py-1 ${run.status === "error" ? "text-red-800" : ""}`}>
                  {run.status === "running"
                    ? t("sync.runs.running")
                    : run.status === "error"
                      ? t("sync.runs.failed", { error: run.error ?? "" })
                      : t("sync.runs.counts", {
                          new: run.newCount,
                          updated: run.updatedCount,
                          skipped: run.skippedCount,
                        })}
                  {run.status === "success" && run.skipped ? (
                    <span className="block text-navy-700">
                      <SkipReasons skips={run.skipped} />
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
