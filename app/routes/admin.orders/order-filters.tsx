import { Form } from "@remix-run/react";

import { ListSearch } from "#app/components/admin/list-controls";
import { inputClass, SubmitButton } from "#app/components/ui/form-field";
import { ORDER_SORTS, type OrderSort } from "#app/orders/admin-order-sort";
import { ORDER_STATUSES } from "#app/utils/constants";
import type { orderFilterFrom } from "#app/utils/list-params";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

type OrderFilter = ReturnType<typeof orderFilterFrom>;

export function OrdersExport({ filter }: { filter: OrderFilter }) {
  const { t } = useTranslation("admin");
  const exporting = useIsPending({ formAction: "/admin/orders/export" });
  return (
    <Form method="post" action="/admin/orders/export" reloadDocument>
      <input type="hidden" name="status" value={filter.status ?? ""} />
      <input type="hidden" name="q" value={filter.search} />
      {filter.refundToHandle ? <input type="hidden" name="payment" value="refundFailed" /> : null}
      <SubmitButton
        variant="primary"
        pending={exporting}
        label={t("orders.export")}
        pendingLabel={t("orders.exporting")}
      />
    </Form>
  );
}

/** The bookkeeper's month (decision 054): a plain form, so it works without JavaScript. */
export function AccountingExport({ month }: { month: string }) {
  const { t } = useTranslation("admin");
  const exporting = useIsPending({ formAction: "/admin/accounting/export" });
  return (
    <Form method="post" action="/admin/accounting/export" reloadDocument className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="accounting-month" className="mb-1 block text-sm font-semibold">
          {t("accounting.month")}
        </label>
        <input
          id="accounting-month"
          type="month"
          name="month"
          required
          defaultValue={month}
          pattern="\d{4}-\d{2}"
          className={inputClass}
        />
      </div>
      <SubmitButton
        variant="primary"
        name="intent"
        value="csv"
        pending={exporting}
        label={t("accounting.csv")}
        pendingLabel={t("orders.exporting")}
      />
      <SubmitButton
        variant="primary"
        name="intent"
        value="zip"
        pending={exporting}
        label={t("accounting.zip")}
        pendingLabel={t("orders.exporting")}
      />
    </Form>
  );
}

export function OrdersFilters({ filter, sort }: { filter: OrderFilter; sort: OrderSort }) {
  const { t } = useTranslation("admin");
  return (
    <ListSearch
      label={t("orders.searchLabel")}
      placeholder={t("orders.searchPlaceholder")}
      defaultValue={filter.search}
    >
      <div>
        <label htmlFor="orders-status" className="mb-1 block text-sm font-semibold">
          {t("orders.statusFilter")}
        </label>
        <select id="orders-status" name="status" defaultValue={filter.status ?? ""} className={inputClass}>
          <option value="">{t("orders.allStatuses")}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`orders.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
        <input
          type="checkbox"
          name="payment"
          value="refundFailed"
          defaultChecked={filter.refundToHandle}
          className="h-4 w-4 accent-navy-900"
        />
        {t("orders.refundFilter")}
      </label>
      <div>
        <label htmlFor="orders-sort" className="mb-1 block text-sm font-semibold">
          {t("orders.sort.label")}
        </label>
        <select id="orders-sort" name="sort" defaultValue={sort} className={inputClass}>
          {ORDER_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`orders.sort.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </ListSearch>
  );
}
