import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, type CustomerInfo, flights } from "#app/db/schema";
import { orderFilterFrom } from "#app/utils/list-params";
import { createTestContext } from "#tests/context";
import { parseCsv } from "#tests/csv";
import { createTestD1 } from "#tests/d1";

import type { OrderFilter } from "./admin-orders.queries.server";
import { CSV_HEADER, ordersCsvStream } from "./orders-export.server";

const NOW = new Date("2026-11-23T09:00:00Z");
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

const customer = (firstName: string, lastName: string, email: string): CustomerInfo => ({
  firstName,
  lastName,
  email,
  phone: "+41 22 000 00 00",
  address: "Rue 1",
  zipCode: "1200",
  city: "Genève",
  country: "Suisse",
});

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(airports).values([
    { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { id: 2, icaoCode: "LFMN", servedCity: "Nice", country: "France" },
  ]);
  await db.insert(flights).values({
    id: "abcdef12-flight",
    departureAirportId: 1,
    arrivalAirportId: 2,
    departureDate: new Date("2026-12-05T09:30:00Z"),
    arrivalDate: new Date("2026-12-05T10:30:00Z"),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: NOW,
  });
});
afterAll(() => dispose());

type OrderRow = {
  id: string;
  status: "pending" | "processing" | "completed" | "cancelled";
  info: CustomerInfo;
  minutesAgo: number;
  reference?: string;
  paymentState?: "none" | "authorised" | "captured" | "released" | "offline" | "failed";
};

/**
 * Rows per statement: each statement reads its rows from one JSON text (json_each), so the
 * thousands of orders below cost a few statements in one batch, not a statement (and a
 * round trip to prepare it) each.
 */
const ROWS_PER_STATEMENT = 400;

async function insertOrders(rows: OrderRow[]) {
  const chunks = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    chunks.push(rows.slice(start, start + ROWS_PER_STATEMENT));
  await d1.batch(
    chunks.map((chunk) =>
      d1
        .prepare(
          `insert into orders (id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, reference, payment_state, created_at)
           select value ->> 'id', 'abcdef12-flight', value ->> 'status', 150050, 1, value ->> 'info', 'hash-' || (value ->> 'id'),
             value ->> 'reference', value ->> 'paymentState', value ->> 'createdAt'
           from json_each(?) order by key`,
        )
        .bind(
          JSON.stringify(
            chunk.map((row) => ({
              id: row.id,
              status: row.status,
              info: JSON.stringify(row.info),
              reference: row.reference ?? null,
              paymentState: row.paymentState ?? "none",
              createdAt: NOW.getTime() - row.minutesAgo * 60_000,
            })),
          ),
        ),
    ),
  );
}

/** The file's text, its BOM kept (Response.text() would drop it). */
const exportText = async (filter: OrderFilter) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    await new Response(ordersCsvStream(createTestContext({ d1, now: () => NOW }), filter)).arrayBuffer(),
  );

describe("the orders CSV", () => {
  it("parses back into the right columns, with accents, quotes, commas, newlines and a neutralised formula", async () => {
    await insertOrders([
      {
        id: "o-formula",
        status: "pending",
        info: customer('=HYPERLINK("x")', "Evil", "evil@example.ch"),
        minutesAgo: 1,
        reference: "JM-F0RM2A",
      },
      {
        id: "o-comma",
        status: "completed",
        info: customer('Zoé "Zizou"', "Dupont, de la\nRive", "zoe@example.ch"),
        minutesAgo: 2,
        reference: "JM-C3MMA7",
        paymentState: "captured",
      },
      {
        id: "o-umlaut",
        status: "cancelled",
        info: customer("Jürg", "Müller", "jurg@example.ch"),
        minutesAgo: 3,
        reference: "JM-UML4UT",
        paymentState: "released",
      },
    ]);
    const text = await exportText({ status: null, search: "" });
    expect(text.charCodeAt(0)).toBe(0xfeff);
    // What French-locale Excel splits on: semicolons, and amounts with a decimal comma.
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe("ID;Date;Client;Email;Vol;Statut;Montant;Référence;Paiement");
    expect(lines[1]).toBe(
      `o-formula;23/11/2026 09:59;"'=HYPERLINK(""x"") Evil";evil@example.ch;Genève → Nice 05/12/2026 10:30;En attente;1500,50;JM-F0RM2A;Aucun paiement`,
    );
    const [header, ...rows] = parseCsv(text.slice(1), ";");
    expect(header).toEqual([...CSV_HEADER]);
    expect(rows).toEqual([
      [
        "o-formula",
        "23/11/2026 09:59",
        `'=HYPERLINK("x") Evil`,
        "evil@example.ch",
        "Genève → Nice 05/12/2026 10:30",
        "En attente",
        "1500,50",
        "JM-F0RM2A",
        "Aucun paiement",
      ],
      [
        "o-comma",
        "23/11/2026 09:58",
        'Zoé "Zizou" Dupont, de la\nRive',
        "zoe@example.ch",
        "Genève → Nice 05/12/2026 10:30",
        "Confirmé",
        "1500,50",
        "JM-C3MMA7",
        "Encaissé",
      ],
      [
        "o-umlaut",
        "23/11/2026 09:57",
        "Jürg Müller",
        "jurg@example.ch",
        "Genève → Nice 05/12/2026 10:30",
        "Annulé",
        "1500,50",
        "JM-UML4UT",
        "Autorisation libérée",
      ],
    ]);
    expect(header).toEqual(["ID", "Date", "Client", "Email", "Vol", "Statut", "Montant", "Référence", "Paiement"]);
  });

  it("exports only the orders of the filter and the search", async () => {
    const [, ...completed] = parseCsv((await exportText({ status: "completed", search: "" })).slice(1), ";");
    expect(completed.map((row) => row[0])).toEqual(["o-comma"]);
    const [, ...found] = parseCsv((await exportText({ status: null, search: "jurg@" })).slice(1), ";");
    expect(found.map((row) => row[0])).toEqual(["o-umlaut"]);
    const [, ...byReference] = parseCsv((await exportText({ status: "pending", search: "ABCDEF12" })).slice(1), ";");
    expect(byReference.map((row) => row[0])).toEqual(["o-formula"]);
    const [, ...byOrderReference] = parseCsv((await exportText({ status: null, search: "jm-c3mm" })).slice(1), ";");
    expect(byOrderReference.map((row) => row[0])).toEqual(["o-comma"]);
  });

  it("reads the export form's search through the list rule: an oversized one is cut, never a failed file", async () => {
    const exportForm = (q: string) => {
      const form = new FormData();
      form.set("q", q);
      return orderFilterFrom(form);
    };
    for (const q of ["é".repeat(60), "%".repeat(100), `Zoé${"_".repeat(60)}`]) {
      const [header, ...rows] = parseCsv((await exportText(exportForm(q))).slice(1), ";");
      expect(header, q).toEqual([...CSV_HEADER]);
      expect(rows, q).toEqual([]);
    }
    const [, ...found] = parseCsv((await exportText(exportForm(" Zoé "))).slice(1), ";");
    expect(found.map((row) => row[0])).toEqual(["o-comma"]);
  });

  it("pages through thousands of orders, newest first, none twice, none lost", async () => {
    await insertOrders(
      Array.from({ length: 2_345 }, (_, i) => ({
        id: `bulk-${String(i).padStart(5, "0")}`,
        status: "completed" as const,
        info: customer("Bulk", String(i), `bulk${i}@example.ch`),
        // Some share a creation instant: the id breaks the tie.
        minutesAgo: 100 + Math.floor(i / 3),
      })),
    );
    const [, ...rows] = parseCsv((await exportText({ status: "completed", search: "Bulk" })).slice(1), ";");
    expect(rows).toHaveLength(2_345);
    expect(new Set(rows.map((row) => row[0])).size).toBe(2_345);
    expect(rows[0]![0]).toBe("bulk-00002");
    expect(rows.at(-1)![0]).toBe("bulk-02343");
  });
});
