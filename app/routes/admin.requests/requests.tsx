import { Form, Link, NavLink, useLocation } from "@remix-run/react";

import { SubmitButton } from "#app/components/ui/form-field";
import type { HANDLED_REQUEST_KINDS } from "#app/requests/admin-request-forms";
import {
  INBOX_STATES,
  type InboxState,
  REQUEST_KINDS,
  type RequestKind,
  type RequestStatus,
} from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export type RequestItem = {
  id: string;
  kind: (typeof HANDLED_REQUEST_KINDS)[number];
  status: RequestStatus;
  /** Its own status, or its last offer's (docs/decisions/058-offers.md). */
  state: InboxState;
  /** When an open offer expires, formatted. */
  offerExpires: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
  name: string;
  email: string;
  phone: string;
  /** The route, or the exclusive flight's id when it is no longer in the catalogue. */
  subject: string;
  details: string[];
};

export type Subscriber = {
  id: number;
  email: string;
  language: string;
  createdAt: string;
  state: "subscribed" | "awaiting" | "unsubscribed";
};

const emptyClass = "mt-6 rounded-xl bg-white p-6 text-navy-700 shadow-sm ring-1 ring-navy-100";

export function RequestKindTabs({ current }: { current: RequestKind }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("requests.kindsLabel")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {REQUEST_KINDS.map((kind) => (
          <li key={kind}>
            <NavLink
              to={`/admin/requests?kind=${kind}`}
              aria-current={current === kind ? "page" : undefined}
              className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ${
                current === kind
                  ? "bg-navy-900 text-white"
                  : "bg-white text-navy-800 ring-1 ring-navy-200 hover:bg-navy-50"
              }`}
            >
              {t(`requests.kinds.${kind}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function RequestList({ items }: { items: RequestItem[] }) {
  const { t } = useTranslation("admin");
  if (items.length === 0) return <p className={emptyClass}>{t("requests.empty")}</p>;
  return (
    <ul aria-label={t("requests.listLabel")} className="mt-6 space-y-3">
      {items.map((item) => (
        <RequestCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

function RequestCard({ item }: { item: RequestItem }) {
  const { t } = useTranslation("admin");
  const { t: to } = useTranslation("offers");
  const location = useLocation();
  const next = item.status === "new" ? "handled" : "new";
  const busy = useIsPending({ field: ["id", item.id] });
  return (
    <li data-testid="request-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">
            {item.subject} · {item.name}
          </p>
          <p className="text-sm text-navy-700">
            {item.email} · {item.phone} · {t("requests.receivedOn", { date: item.createdAt })}
          </p>
          {item.details.map((line) => (
            <p key={line} className="mt-1 whitespace-pre-line text-sm">
              {line}
            </p>
          ))}
          {item.offerExpires ? (
            <p className="mt-1 text-sm">{to("inbox.expires", { date: item.offerExpires })}</p>
          ) : null}
          <Link
            to={`/admin/requests/${item.kind}/${item.id}`}
            className="mt-2 inline-block text-sm font-semibold text-navy-700 underline"
          >
            {to("staff.answer")}
          </Link>
        </div>
        <div className="flex flex-col items-end gap-2">
          <span
            data-testid="request-state"
            className={`rounded-full px-2 py-0.5 text-sm font-semibold ${item.state === "new" ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"}`}
          >
            {to(`states.${item.state}`)}
          </span>
          {item.handledBy && item.handledAt ? (
            <span className="text-xs text-navy-700">
              {t("requests.handledBy", { name: item.handledBy, date: item.handledAt })}
            </span>
          ) : null}
          <Form method="post">
            <input type="hidden" name="kind" value={item.kind} />
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="status" value={next} />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <SubmitButton
              variant="primary"
              pending={busy}
              label={t(`requests.mark.${next}`)}
              pendingLabel={t("requests.saving")}
            />
          </Form>
        </div>
      </div>
    </li>
  );
}

export function SubscriberTable({ subscribers }: { subscribers: Subscriber[] }) {
  const { t } = useTranslation("admin");
  if (subscribers.length === 0) return <p className={emptyClass}>{t("requests.noSubscribers")}</p>;
  return (
    <table className="mt-6 w-full rounded-xl bg-white text-left text-sm shadow-sm ring-1 ring-navy-100">
      <caption className="sr-only">{t("requests.kinds.newsletter")}</caption>
      <thead>
        <tr className="text-navy-700">
          <th scope="col" className="p-3">
            {t("requests.subscriber.email")}
          </th>
          <th scope="col" className="p-3">
            {t("requests.subscriber.language")}
          </th>
          <th scope="col" className="p-3">
            {t("requests.subscriber.since")}
          </th>
          <th scope="col" className="p-3">
            {t("requests.subscriber.state")}
          </th>
        </tr>
      </thead>
      <tbody>
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id} className="border-t border-navy-100">
            <td className="break-all p-3">{subscriber.email}</td>
            <td className="p-3 uppercase">{subscriber.language}</td>
            <td className="p-3 tabular-nums">{subscriber.createdAt}</td>
            <td className="p-3">{t(`requests.subscriber.states.${subscriber.state}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A GET form: the state and the order of the list, in the URL (without JavaScript too). */
export function InboxFilters({
  kind,
  view,
}: {
  kind: RequestKind;
  view: { state: InboxState | null; sort: "newest" | "expiring" };
}) {
  const { t } = useTranslation("offers");
  const selectClass = "rounded-lg border border-navy-200 bg-white px-3 py-2";
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-4">
      <input type="hidden" name="kind" value={kind} />
      <label className="flex flex-col text-sm font-semibold">
        {t("inbox.state")}
        <select name="state" defaultValue={view.state ?? ""} className={selectClass}>
          <option value="">{t("inbox.all")}</option>
          {INBOX_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm font-semibold">
        {t("inbox.sort")}
        <select name="sort" defaultValue={view.sort} className={selectClass}>
          <option value="newest">{t("inbox.newest")}</option>
          <option value="expiring">{t("inbox.expiring")}</option>
        </select>
      </label>
      <button type="submit" className="rounded-full bg-navy-900 px-4 py-2 text-sm font-semibold text-white">
        {t("inbox.filter")}
      </button>
    </Form>
  );
}
