/**
 * A flight's manifest through its routes (docs/privacy.md 'Manifests'): the page, the CSV and the PDF for staff
 * with `manifests:manage`, each access recorded; the gestionnaire and clients refused, an unknown flight a 404.
 */
import { PDFDocument } from "@cantoo/pdf-lib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import type { Db } from "#app/db/client.server";
import { manifestAccess } from "#app/db/schema";
import { FLIGHT, lea, now, openManifestDatabase, STAFF } from "#app/orders/flight-manifest.fixtures";
import { saveManifest } from "#app/orders/manifest.server";
import { loader as pageLoader } from "#app/routes/admin.flights.$flightId.manifest/route";
import { loader as csvLoader } from "#app/routes/admin.flights.$flightId.manifest[.]csv";
import { loader as pdfLoader } from "#app/routes/admin.flights.$flightId.manifest[.]pdf";
import { createTestContext } from "#tests/context";
import { testDocuments } from "#tests/documents";

import { cookiePair, get, run } from "./remix";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await openManifestDatabase());
  // A name a spreadsheet would read as a formula.
  await saveManifest(createTestContext({ d1, now }), {
    orderId: "mf-processing",
    userId: null,
    byStaff: false,
    form: { passengers: [{ givenNames: "Max", surname: "=HYPERLINK(1)" }] },
  });
});
afterAll(() => dispose());

type Loader = typeof pageLoader | typeof csvLoader | typeof pdfLoader;
const LOADERS = { page: pageLoader, csv: csvLoader, pdf: pdfLoader } as const;
const SUFFIX = { page: "", csv: ".csv", pdf: ".pdf" } as const;

async function open(
  kind: keyof typeof LOADERS,
  { as, flightId = FLIGHT, language = "fr" }: { as?: string; flightId?: string; language?: string } = {},
) {
  const context = createTestContext({ d1, now });
  const cookie = as ? cookiePair(await startSession(get("/login"), context, as)) : undefined;
  const request = get(`/admin/flights/${flightId}/manifest${SUFFIX[kind]}`, { cookie });
  request.headers.set("Accept-Language", language);
  const loader: Loader = LOADERS[kind];
  return run((args) => loader({ ...args, params: { flightId } }), request, createTestContext({ d1, now }));
}

const accessCount = async () =>
  (await db.select().from(manifestAccess).where(eq(manifestAccess.flightId, FLIGHT))).length;

describe("the manifest's routes for the admin", () => {
  it("shows the page with the passengers and the access it recorded", async () => {
    const result = await open("page", { as: STAFF.admin });
    expect(result.status).toBe(200);
    const body = result.body as {
      bookings: Array<{ reference: string }>;
      accesses: Array<{ who: string; action: string }>;
    };
    expect(body.bookings.map((booking) => booking.reference)).toEqual(["JM-MFCOM1", "JM-MFPRO2", "JM-MFPEN3"]);
    expect(body.accesses[0]).toMatchObject({ who: "Ada Admin", action: "view" });
  });

  it("exports the CSV with the data, headers in the staff member's language, formulas defused, recorded as 'csv'", async () => {
    const before = await accessCount();
    const result = await open("csv", { as: STAFF.admin });
    expect(result.status).toBe(200);
    const csv = String(result.body);
    const [header, first, second, third] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "Réservation;Prénoms;Nom;Date de naissance;Nationalité;Type de document;Numéro du document;Pays d'émission;Date d'expiration;Bagages (pièces);Bagages (kg);Animaux",
    );
    expect(first).toBe(`JM-MFCOM1;Léa;Muller;${lea.birthDate};CH;Carte d'identité;C1234567;CH;2030-01-31;2;30;1`);
    // The luggage is the booking's, on its first line only.
    expect(second).toBe("JM-MFCOM1;Anne-Marie;de la Tour;;;;;;;;;");
    expect(third).toBe("JM-MFPRO2;Max;'=HYPERLINK(1);;;;;;;;;");
    expect(csv).not.toContain("JM-MFCAN4");
    expect(csv).not.toContain("JM-MFOTH5");
    expect(await accessCount()).toBe(before + 1);
    const [last] = await db.select().from(manifestAccess).orderBy(manifestAccess.id).limit(1).offset(before);
    expect(last).toMatchObject({ action: "csv", userId: STAFF.admin });

    const german = String((await open("csv", { as: STAFF.admin, language: "de" })).body);
    expect(german).toContain("Buchung;Vornamen;Nachname;Geburtsdatum");
  });

  it("exports the PDF, A4 landscape, recorded as 'pdf'", async () => {
    const before = await accessCount();
    const context = createTestContext({ d1, now });
    const cookie = cookiePair(await startSession(get("/login"), context, STAFF.admin));
    const response = (await pdfLoader({
      request: get(`/admin/flights/${FLIGHT}/manifest.pdf`, { cookie }),
      context: createTestContext({ d1, now, documents: testDocuments() }),
      params: { flightId: FLIGHT },
    })) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="manifeste_LSGG-LFMN_2026-12-04.pdf"',
    );
    const pdf = await PDFDocument.load(await response.arrayBuffer());
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect(await accessCount()).toBe(before + 1);
  });
});

describe("the manifest's routes refuse", () => {
  it.each(["page", "csv", "pdf"] as const)(
    "the gestionnaire, a client and a visitor (%s), recording nothing",
    async (kind) => {
      const before = await accessCount();
      expect(await open(kind, { as: STAFF.gestionnaire })).toMatchObject({ status: 302, location: "/" });
      expect(await open(kind, { as: STAFF.client })).toMatchObject({ status: 302, location: "/" });
      expect((await open(kind)).location).toMatch(/^\/login\?redirectTo=/);
      expect(await accessCount()).toBe(before);
    },
  );

  it("an unknown flight with a 404 that says so", async () => {
    const result = await open("page", { as: STAFF.admin, flightId: "no-such-flight" });
    expect(result).toMatchObject({ status: 404, body: JSON.stringify({ message: "Ce vol n'existe pas (ou plus)." }) });
  });
});
