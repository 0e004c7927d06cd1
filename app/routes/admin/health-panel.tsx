// docs/operations.md 'The health panel'. A level is said in words, never by colour alone; links and
// buttons come only where the loader said the role may go.
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { buttonClassName } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form-field";
import type { HealthCheck, HealthLevel, HealthReport } from "#app/operations/types";
import { formatAgo, formatTime, withColon } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import type { TFunction } from "#app/utils/translator";
import { useIsPending } from "#app/utils/use-is-pending";

import { SkippedFlights } from "./sync-skips";

const LEVEL_STYLES: Record<HealthLevel, { badge: string; icon: string }> = {
  ok: { badge: "bg-emerald-50 text-emerald-900 ring-emerald-600", icon: "✓" },
  watch: { badge: "bg-amber-50 text-amber-900 ring-amber-600", icon: "!" },
  act: { badge: "bg-red-50 text-red-900 ring-red-600", icon: "✕" },
};

const SMALL_BUTTON = `${buttonClassName("primary", "compact", { ring: true, whenDisabled: "busy" })} inline-flex items-center gap-2`;

export function HealthPanel({ report }: { report: HealthReport }) {
  const { t, language } = useTranslation("admin");
  const checkedAt = new Date(report.checkedAt);
  const needing = report.checks.filter((check) => check.level !== "ok");
  const fine = report.checks.filter((check) => check.level === "ok");
  const cards = (checks: HealthCheck[]) => (
    <ul className="mt-3 grid gap-3 md:grid-cols-2">
      {checks.map((check) => (
        <li key={check.key} data-testid={`health-${check.key}`} className="rounded-lg border border-navy-100 p-3">
          <CheckLine check={check} now={checkedAt} />
        </li>
      ))}
    </ul>
  );
  // All well: one line, so that the work of the page starts on the first screen; the cards open on demand.
  if (needing.length === 0)
    return (
      <section
        aria-labelledby="health-heading"
        data-testid="health-panel"
        className="mt-4 rounded-xl bg-white px-4 py-2 shadow-sm ring-1 ring-navy-100"
      >
        <details>
          <summary className="cursor-pointer text-sm text-navy-800">
            <span aria-hidden="true" className="font-bold text-emerald-800">
              ✓{" "}
            </span>
            <h2 id="health-heading" className="inline text-base font-semibold text-navy-900">
              {t("health.heading")}
            </h2>
            <span className="font-semibold text-navy-900">
              {withColon("", language)} {t("health.allWell")}
            </span>{" "}
            · {t("health.checkedAt", { time: formatTime(checkedAt) })}{" "}
            <span className="font-semibold underline">{t("health.details", { count: report.checks.length })}</span>
          </summary>
          {cards(report.checks)}
        </details>
      </section>
    );
  return (
    <section
      aria-labelledby="health-heading"
      data-testid="health-panel"
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-navy-100"
    >
      <h2 id="health-heading" className="text-lg font-semibold">
        {t("health.heading")}
      </h2>
      <p className="mt-1 text-sm text-navy-800">
        {t("health.summary.attention", { count: needing.length })}{" "}
        {t("health.checkedAt", { time: formatTime(checkedAt) })}
      </p>
      {/* What needs attention, shown; what is fine, one click away. */}
      {cards(needing)}
      {fine.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-navy-900">
            {t("health.okChecks", { count: fine.length })}
          </summary>
          {cards(fine)}
        </details>
      ) : null}
    </section>
  );
}

function CheckLine({ check, now }: { check: HealthCheck; now: Date }) {
  const { t: translate, language } = useTranslation("admin");
  // German's short units end with a period ('vor 31 Min.'): a sentence ending on one keeps one ('Min..' otherwise).
  const t: TFunction = (key, options) => translate(key, options).replace(/(?<!\.)\.\.$/u, ".");
  const ago = (at: number | null) => (at === null ? "" : formatAgo(new Date(at), now, language));
  const key = `health.${check.key}`;
  const line = (detail: ReactNode, action: ReactNode) => (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t(`${key}.title`)}</h3>
        <LevelBadge level={check.level} />
      </div>
      <div className="mt-1 space-y-1 text-sm text-navy-800">{detail}</div>
      <div className="mt-2 flex gap-2 text-sm font-medium text-navy-900">
        <span aria-hidden="true">→</span>
        <div>{action}</div>
      </div>
    </>
  );

  switch (check.key) {
    case "outbox":
      return line(
        <p>
          {check.pending === 0
            ? t(`${key}.none`)
            : t(`${key}.some`, { count: check.pending, ago: ago(check.oldestPendingAt) })}
        </p>,
        t(check.level === "ok" ? `${key}.okAction` : `${key}.stuckAction`),
      );
    case "mailFailures":
      return line(
        <>
          <p>
            {check.failed === 0
              ? t(`${key}.none`)
              : check.retrying === 0
                ? t(`${key}.allGivenUp`, { count: check.failed })
                : t(`${key}.some`, { count: check.failed, retrying: check.retrying })}
          </p>
          {check.lastError ? (
            <p className="break-words">
              {t(`${key}.lastError`, {
                ago: ago(check.lastError.at),
                error: check.lastError.error ?? t(`${key}.unknownError`),
              })}
            </p>
          ) : null}
        </>,
        t(
          check.failed === 0 ? `${key}.okAction` : check.retrying === 0 ? `${key}.givenUpAction` : `${key}.watchAction`,
        ),
      );
    case "deadLetters":
      return line(
        <>
          <p>
            {check.count === 0 ? t(`${key}.none`) : t(`${key}.some`, { count: check.count, ago: ago(check.oldestAt) })}
          </p>
          <p className="text-navy-700">{t(`${key}.note`)}</p>
        </>,
        check.count === 0 ? t(`${key}.okAction`) : check.canRetry ? <RetryMailsForm /> : t(`${key}.staffAction`),
      );
    case "sync":
      return line(<SyncDetail check={check} ago={ago} />, <SyncAction check={check} />);
    case "payments":
      return line(
        <p>
          {check.processing === 0
            ? t(`${key}.none`)
            : t(`${key}.some`, { count: check.processing, ago: ago(check.oldestAt) })}
          {check.dueSoon > 0 ? (
            <strong className="mt-1 block">{t(`${key}.dueSoon`, { count: check.dueSoon })}</strong>
          ) : null}
        </p>,
        check.processing === 0 ? (
          t(`${key}.okAction`)
        ) : (
          <>
            {check.ordersLink ? (
              <Link to={check.ordersLink} className="font-semibold text-navy-900 underline">
                {t(`${key}.link`)}
              </Link>
            ) : (
              t(`${key}.staffAction`)
            )}
            {check.level === "act" ? <span className="mt-1 block">{t(`${key}.deadline`)}</span> : null}
          </>
        ),
      );
    case "holds":
      return line(
        <p>
          {check.holds === 0 ? t(`${key}.none`) : t(`${key}.some`, { count: check.holds })}
          {check.endedHolds > 0 ? ` ${t(`${key}.ended`, { count: check.endedHolds })}` : null}
        </p>,
        t(check.level === "ok" ? `${key}.okAction` : `${key}.stuckAction`, { minutes: check.holdMinutes }),
      );
    case "refunds":
      return line(
        <p>{check.count === 0 ? t(`${key}.none`) : t(`${key}.some`, { count: check.count })}</p>,
        check.count === 0 ? (
          t(`${key}.okAction`)
        ) : check.ordersLink ? (
          <Link to={check.ordersLink} className="font-semibold text-navy-900 underline">
            {t(`${key}.link`)}
          </Link>
        ) : (
          t(`${key}.staffAction`)
        ),
      );
  }
}

function LevelBadge({ level }: { level: HealthLevel }) {
  const { t } = useTranslation("admin");
  const style = LEVEL_STYLES[level];
  return (
    <span
      data-level={level}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${style.badge}`}
    >
      <span aria-hidden="true">{style.icon}</span>
      {t(`health.level.${level}`)}
    </span>
  );
}

type SyncCheck = Extract<HealthCheck, { key: "sync" }>;

function SyncDetail({ check, ago }: { check: SyncCheck; ago: (at: number | null) => string }) {
  const { t } = useTranslation("admin");
  switch (check.state) {
    case "none":
      return <p>{t("health.sync.none")}</p>;
    case "running":
      return <p>{t("health.sync.running", { ago: ago(check.startedAt) })}</p>;
    case "success":
    case "stale":
      return (
        <>
          <p>
            {t(`health.sync.${check.state}`, {
              ago: ago(check.lastSuccessAt),
              new: check.newCount,
              updated: check.updatedCount,
            })}
          </p>
          {check.skipped ? <SkippedFlights skips={check.skipped} /> : null}
        </>
      );
    case "error":
      return (
        <>
          <p className="break-words">
            {t("health.sync.error", { ago: ago(check.startedAt), error: check.error ?? "" })}
          </p>
          <p>
            {check.lastSuccessAt === null
              ? t("health.sync.neverSucceeded")
              : t("health.sync.lastSuccess", { ago: ago(check.lastSuccessAt) })}
          </p>
        </>
      );
  }
}

function SyncAction({ check }: { check: SyncCheck }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const syncing = useIsPending({ formAction: "/admin/sync" });
  if (check.state === "success" && check.level === "watch") return t("sync.skips.action");
  const text = t(`health.sync.${check.state}Action`);
  if (check.state === "success" || check.state === "running" || !check.canSync) return text;
  return (
    <>
      {text}
      <Form method="post" action="/admin/sync" className="mt-2">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <SubmitButton
          className={SMALL_BUTTON}
          pending={syncing}
          label={t("health.sync.button")}
          pendingLabel={t("health.sync.busy")}
        />
      </Form>
    </>
  );
}

function RetryMailsForm() {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const retrying = useIsPending({ formAction: "/admin/mail-retry" });
  return (
    <>
      {t("health.deadLetters.adminAction")}
      <Form method="post" action="/admin/mail-retry" className="mt-2">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <SubmitButton
          className={SMALL_BUTTON}
          pending={retrying}
          label={t("health.deadLetters.button")}
          pendingLabel={t("health.deadLetters.busy")}
        />
      </Form>
    </>
  );
}
