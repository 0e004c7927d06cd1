import type { ReactNode } from "react";

import { cityName } from "#app/content/city-names";
import { countryName } from "#app/content/country-names";
import type { Language } from "#app/i18n";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import { carrierText } from "#app/utils/operating-carrier";
import type { TFunction } from "#app/utils/translator";

import { DetailList } from "../catalogue/details";
import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import type { CustomerOrderMailData, OrderMailFlight, StaffOrderMailData } from "./order-mail-data";

/** "05 décembre 2026, 10:00" in Europe/Zurich, in the reader's language. */
export function dayAndTime(iso: string, locale: Language): string {
  const date = new Date(iso);
  return `${formatDay(date, locale)}, ${formatTime(date)}`;
}

/** `{{day}}` and `{{time}}` of an instant, for sentences that place them themselves. */
export function dayTime(iso: string, locale: Language) {
  const date = new Date(iso);
  return { day: formatDay(date, locale), time: formatTime(date) };
}

/** The values a subject names: the reference and the route in the reader's language. */
export function subjectValues(order: OrderMailFlight, locale: Language) {
  return { reference: order.reference, from: cityName(order.from, locale), to: cityName(order.to, locale) };
}

/** The order's lines, as every order mail shows them. */
export function orderRows(order: OrderMailFlight, t: TFunction, locale: Language): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    [t("emails.fields.reference"), order.reference],
    [t("emails.fields.departure"), cityName(order.from, locale)],
    [t("emails.fields.arrival"), cityName(order.to, locale)],
    [t("emails.fields.date"), dayAndTime(order.departure, locale)],
    [t("emails.fields.aircraft"), order.aircraftType],
    [
      t("emails.fields.seats"),
      order.wholeAircraft ? t("checkout.wholeAircraftSeats", { count: order.seats }) : String(order.seats),
    ],
  ];
  if (order.passengers.length > 0) rows.push([t("emails.fields.passengers"), order.passengers.join(", ")]);
  if (order.carrier !== undefined) rows.push([t("operator.label"), carrierText(order.carrier, t, locale)]);
  rows.push([t("emails.orders.fields.amount"), formatOrderAmount(order.amountCents, locale)]);
  return rows;
}

/** Both airports with their ICAO codes: "Genève (LSGG)". */
export function airportRows(order: OrderMailFlight, t: TFunction, locale: Language): Array<[string, string]> {
  return [
    [t("emails.orders.fields.departureAirport"), `${cityName(order.from, locale)} (${order.fromIcao})`],
    [t("emails.orders.fields.arrivalAirport"), `${cityName(order.to, locale)} (${order.toIcao})`],
  ];
}

/**
 * A customer's order mail: greeting, what happened (`children`), the order's lines, a
 * call to action, the signature, and the order page's raw link.
 */
export function CustomerOrderMail({
  order,
  t,
  locale,
  preview,
  rows,
  action,
  after,
  children,
}: {
  order: CustomerOrderMailData;
  t: TFunction;
  locale: Language;
  preview: string;
  rows?: Array<[string, string]>;
  /** The button; the order page by default. */
  action?: { href: string; label: string };
  /** Paragraphs after the button. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const button = action ?? { href: order.url, label: t("emails.orders.viewOrder") };
  return (
    <EmailLayout locale={locale} preview={preview}>
      <EmailText>{t("emails.greeting", { firstName: order.firstName })}</EmailText>
      {children}
      <DetailList locale={locale} rows={rows ?? orderRows(order, t, locale)} />
      <EmailButton href={button.href}>{button.label}</EmailButton>
      {after}
      <EmailText>{t("emails.signature")}</EmailText>
      <EmailFallbackLink label={t("emails.orders.orderLink")} href={order.url} />
    </EmailLayout>
  );
}

/** A mail to staff: what happened (`children`), the order, the customer, the back-office link. */
export function StaffOrderMail({
  order,
  t,
  locale,
  preview,
  children,
}: {
  order: StaffOrderMailData;
  t: TFunction;
  locale: Language;
  preview: string;
  children: ReactNode;
}) {
  const { customer } = order;
  return (
    <EmailLayout locale={locale} preview={preview}>
      {children}
      <DetailList locale={locale} rows={orderRows(order, t, locale)} />
      <DetailList
        locale={locale}
        rows={[
          [t("emails.fields.name"), `${customer.firstName} ${customer.lastName}`],
          [t("emails.fields.email"), customer.email],
          [t("emails.fields.phone"), customer.phone],
          [
            t("emails.fields.address"),
            `${customer.address}, ${customer.zipCode} ${customer.city}, ${countryName(customer.country, locale)}`,
          ],
        ]}
      />
      <EmailFallbackLink label={t("emails.orders.staff.adminLink")} href={order.adminUrl} />
    </EmailLayout>
  );
}

/** The provider's message, or why a release failed, when there is one. */
export function StaffNotes({ order, t }: { order: StaffOrderMailData; t: TFunction }) {
  return (
    <>
      {order.detail ? <EmailText>{t("emails.orders.staff.detail", { detail: order.detail })}</EmailText> : null}
      {order.releaseError ? (
        <EmailText>{t("emails.orders.staff.releaseFailed", { error: order.releaseError })}</EmailText>
      ) : null}
    </>
  );
}
