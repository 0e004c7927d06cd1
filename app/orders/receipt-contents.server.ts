// What a receipt or credit note says, gathered once from the order, its flight and the company:
// docs/decisions/056-what-a-receipt-says.md. Apart from the drawing (receipt-pdf.server.ts) so that
// issuing can take the snapshot without loading pdf-lib or the font.
import { cityName } from "#app/content/city-names";
import { company } from "#app/content/company";
import { countryName, stateName } from "#app/content/country-names";
import { aircraftTypeName } from "#app/content/fleet";
import { includedVatCents, SWISS_VAT_STANDARD_PERCENT, vatTreatment } from "#app/content/vat";
import type { Db } from "#app/db/client.server";
import { FALLBACK_LANGUAGE, type Language, uiLanguageFor } from "#app/i18n";
import type { ReceiptKind } from "#app/utils/constants";

import { findOrderWithFlight } from "./orders.queries.server";
import type { ReceiptDocument } from "./receipt-pdf.server";
import { listReceipts } from "./receipts.queries.server";

function sellerIn(language: Language): ReceiptDocument["seller"] {
  const { street, postalCode, city, country } = company.address;
  return {
    name: company.name,
    legalName: company.legalName,
    addressLines: [street, `${postalCode} ${city}`, countryName(country, language)],
    uid: company.uid,
    phone: company.reservationsPhone,
    email: company.customerServiceEmail,
  };
}

/** The order's document of that kind as it reads now; null when the order has none. The caller checks access. */
export async function receiptDocumentFor(db: Db, orderId: string, kind: ReceiptKind): Promise<ReceiptDocument | null> {
  const [documents, found] = await Promise.all([listReceipts(db, orderId), findOrderWithFlight(db, orderId)]);
  const receipt = documents.find((candidate) => candidate.kind === kind);
  if (!receipt || !found) return null;
  const { order, flight, from, to } = found;
  const language = uiLanguageFor(receipt.language) ?? FALLBACK_LANGUAGE;
  const { firstName, lastName, address, zipCode, city, country } = order.customerInfo;
  const treatment = vatTreatment(from.icaoCode, to.icaoCode);
  const domestic = treatment === "domestic";
  const hasCarrier = flight.operatorName && flight.operatorAoc && flight.operatorState;
  return {
    kind,
    number: receipt.number,
    issuedAt: receipt.issuedAt.toISOString(),
    language,
    seller: sellerIn(language),
    orderReference: order.reference ?? order.id,
    customer: {
      name: `${firstName} ${lastName}`.trim(),
      addressLines: [address, `${zipCode} ${city}`, country ? countryName(country, language) : ""]
        .map((line) => line.trim())
        .filter(Boolean),
    },
    flight: {
      from: cityName(from.servedCity, language),
      to: cityName(to.servedCity, language),
      fromIcao: from.icaoCode,
      toIcao: to.icaoCode,
      departure: flight.departureDate.toISOString(),
      aircraft: aircraftTypeName(flight.aircraftType),
      aircraftType: flight.aircraftType.toUpperCase(),
      registration: flight.aircraftRegistration?.toUpperCase() ?? null,
    },
    carrier: hasCarrier
      ? { name: flight.operatorName!, aoc: flight.operatorAoc!, state: stateName(flight.operatorState!, language) }
      : null,
    seats: order.seats,
    wholeAircraft: order.wholeAircraft,
    passengers: (order.passengers ?? []).filter((name) => name.trim() !== ""),
    amountCents: receipt.amountCents,
    // What was refunded is the credit note's amount; the rest of what was paid is what the terms kept.
    settlement:
      kind === "creditNote"
        ? { paidCents: order.amountCents, keptCents: order.amountCents - receipt.amountCents }
        : null,
    vat: {
      treatment,
      ratePercent: domestic ? SWISS_VAT_STANDARD_PERCENT : 0,
      includedCents: domestic ? includedVatCents(receipt.amountCents) : 0,
    },
    payment:
      kind === "receipt" ? (order.paymentIntentId && order.paymentState !== "offline" ? "card" : "offline") : null,
    receiptNumber: kind === "creditNote" ? (documents.find((other) => other.kind === "receipt")?.number ?? null) : null,
  };
}
