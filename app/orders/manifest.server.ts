// The manifest of an order (docs/orders.md 'The manifest'): opened and sealed here only, so no other module
// sees a document number or a date of birth in the clear.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { airportCountryCode } from "#app/content/document-countries";
import { luggageLimitsFor } from "#app/content/luggage";
import { zurichDay } from "#app/utils/format";
import { logError } from "#app/utils/request-log.server";
import { keyringOf, seal, unseal } from "#app/utils/sealed.server";

import {
  FIELDS_PER_PASSENGER,
  filledFieldCounts,
  findManifestOrder,
  type ManifestOrder,
  type ManifestRow,
  readManifestRows,
  recordManifestAccess,
  type VersionedLine,
  writeManifest,
} from "./manifest.queries.server";
import { type ManifestForm, type ManifestLineInput, type ManifestTrip } from "./manifest-forms";

const HOUR_MS = 3_600_000;

/** The people on board: one per name given at checkout, or per seat for an order without names. */
export const travellersOf = (order: { seats: number; passengers: string[] | null }) =>
  order.passengers?.length || order.seats;

export function manifestDeadline(flight: { departureDate: Date; manifestDeadlineHours: number }): Date {
  return new Date(flight.departureDate.getTime() - flight.manifestDeadlineHours * HOUR_MS);
}

/** Fields still to give: each traveller's eight, and the luggage's declaration once per booking. */
export function missingFields(travellers: number, filledFields: number, luggageDeclared: boolean): number {
  return Math.max(0, travellers * FIELDS_PER_PASSENGER - filledFields) + (luggageDeclared ? 0 : 1);
}

export type ManifestAccess = "open" | "locked" | "closed";

/** Open to the customer until the deadline; staff may still write until departure; nobody once it is over. */
export function manifestAccess(found: Pick<ManifestOrder, "order" | "flight">, now: Date): ManifestAccess {
  const { order, flight } = found;
  if (order.status === "cancelled" || flight.status !== "scheduled" || flight.departureDate <= now) return "closed";
  return manifestDeadline(flight) <= now ? "locked" : "open";
}

export function tripOf(found: Pick<ManifestOrder, "flight" | "from" | "to">): ManifestTrip {
  return {
    from: airportCountryCode(found.from.country) ?? found.from.country,
    to: airportCountryCode(found.to.country) ?? found.to.country,
    travelDay: zurichDay(found.flight.departureDate),
  };
}

const binding = (orderId: string, seat: number, field: string) => `manifest:${orderId}:${seat}:${field}`;

async function openLine(row: ManifestRow, context: AppLoadContext): Promise<ManifestLineInput> {
  const keyring = await keyringOf(context.env.PERSONAL_DATA_KEYS);
  // A value that does not open (a key retired too early, an altered row) is asked again, never shown garbled.
  const open = (value: string | null, field: string) =>
    value === null
      ? undefined
      : unseal(value, keyring, binding(row.orderId, row.seat, field)).catch((error: unknown) => {
          logError("orders.manifest-unseal-failed", error, { orderId: row.orderId, seat: row.seat, field });
          return undefined;
        });
  return {
    givenNames: row.givenNames || undefined,
    surname: row.surname || undefined,
    nationality: row.nationality ?? undefined,
    documentKind: row.documentKind ?? undefined,
    documentNumber: await open(row.documentNumberSealed, "documentNumber"),
    issuer: row.issuer ?? undefined,
    expiresOn: row.expiresOn ?? undefined,
    birthDate: await open(row.birthDateSealed, "birthDate"),
  };
}

/** The lines in the clear, one per traveller, the checkout's name split where nothing was written yet. */
export async function openManifest(context: AppLoadContext, orderId: string) {
  const found = await findManifestOrder(context.db, orderId);
  if (!found) return null;
  const rows = await readManifestRows(context.db, orderId);
  const travellers = travellersOf(found.order);
  const lines: ManifestLineInput[] = [];
  for (let seat = 0; seat < travellers; seat += 1) {
    const row = rows.find((candidate) => candidate.seat === seat);
    const line = row ? await openLine(row, context) : splitName(found.order.passengers?.[seat]);
    lines.push({ ...line, version: row?.updatedAt.getTime() ?? 0 });
  }
  const filled = rows.filter((row) => row.seat < travellers).reduce((sum, row) => sum + filledOf(row), 0);
  const luggageDeclared = found.order.luggagePieces !== null && found.order.luggageKg !== null;
  return {
    ...found,
    lines,
    trip: tripOf(found),
    limits: luggageLimitsFor(found.flight.aircraftType),
    travellers,
    deadline: manifestDeadline(found.flight),
    access: manifestAccess(found, context.now()),
    missing: missingFields(travellers, filled, luggageDeclared),
  };
}
export type OpenManifest = NonNullable<Awaited<ReturnType<typeof openManifest>>>;

function filledOf(row: ManifestRow): number {
  const fields = [
    row.givenNames,
    row.surname,
    row.nationality,
    row.documentKind,
    row.documentNumberSealed,
    row.issuer,
    row.expiresOn,
    row.birthDateSealed,
  ];
  return fields.filter((value) => value !== null && value !== "").length;
}

/** "Anne-Marie de la Tour" reads as given names "Anne-Marie", surname "de la Tour": a proposal to correct. */
function splitName(name: string | undefined): ManifestLineInput {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { surname: words[0] };
  const particle = words.findIndex((word, index) => index > 0 && /^(de|del|della|di|du|van|von|le|la)$/i.test(word));
  const cut = particle > 0 ? particle : words.length - 1;
  return { givenNames: words.slice(0, cut).join(" "), surname: words.slice(cut).join(" ") };
}

export type SaveManifestOutcome =
  { ok: true; missing: number } | { ok: false; reason: "notFound" | "locked" | "closed" | "changed" | "failed" };

/** Staff write after the customer's deadline, each write recorded; nobody writes once the flight is over. */
export async function saveManifest(
  context: AppLoadContext,
  {
    orderId,
    userId,
    byStaff,
    form,
  }: { orderId: string; userId: string | null; byStaff: boolean; form: Omit<ManifestForm, "intent"> },
): Promise<SaveManifestOutcome> {
  const found = await findManifestOrder(context.db, orderId);
  if (!found) return { ok: false, reason: "notFound" };
  const access = manifestAccess(found, context.now());
  if (access === "closed") return { ok: false, reason: "closed" };
  if (access === "locked" && !byStaff) return { ok: false, reason: "locked" };
  const travellers = travellersOf(found.order);
  let stale: number[] = [];
  try {
    const keyring = await keyringOf(context.env.PERSONAL_DATA_KEYS);
    const lines: VersionedLine[] = [];
    for (const [seat, line] of (form.passengers ?? []).slice(0, travellers).entries()) {
      const sealed = (value: string | undefined, field: string) =>
        value === undefined ? null : seal(value, keyring, binding(orderId, seat, field));
      lines.push({
        seat,
        version: line.version ?? 0,
        givenNames: line.givenNames ?? "",
        surname: line.surname ?? "",
        nationality: line.nationality ?? null,
        documentKind: line.documentKind ?? null,
        documentNumberSealed: await sealed(line.documentNumber, "documentNumber"),
        issuer: line.issuer ?? null,
        expiresOn: line.expiresOn ?? null,
        birthDateSealed: await sealed(line.birthDate, "birthDate"),
      });
    }
    stale = await writeManifest(context.db, {
      orderId,
      flightId: found.flight.id,
      lines,
      luggage: {
        luggagePieces: form.luggagePieces ?? null,
        luggageKg: form.luggageKg ?? null,
        pets: form.pets ?? null,
      },
      userId,
      byStaff,
      now: context.now(),
    });
  } catch (error) {
    logError("orders.manifest-save-failed", error, { requestId: context.requestId, orderId });
    return { ok: false, reason: "failed" };
  }
  // Someone saved this list since the page was shown: those lines are theirs, the page must be read again.
  if (stale.length > 0) return { ok: false, reason: "changed" };
  const saved = await openManifest(context, orderId);
  return { ok: true, missing: saved?.missing ?? 0 };
}

/** The order page's line: what is missing and until when, from counts only (nothing is opened). */
export async function manifestSummary(context: AppLoadContext, orderId: string) {
  const found = await findManifestOrder(context.db, orderId);
  if (!found) return null;
  const travellers = travellersOf(found.order);
  const filled = (await filledFieldCounts(context.db, [orderId])).get(orderId) ?? 0;
  const luggageDeclared = found.order.luggagePieces !== null && found.order.luggageKg !== null;
  return {
    missing: missingFields(travellers, Math.min(filled, travellers * FIELDS_PER_PASSENGER), luggageDeclared),
    access: manifestAccess(found, context.now()),
    deadline: manifestDeadline(found.flight),
  };
}

/**
 * The person's data export: each order's lines in the clear and the luggage declared (docs/privacy.md). `staffId`:
 * staff export it for a request by mail, and each order's manifest opened is recorded as their view.
 */
export async function exportManifests(
  context: AppLoadContext,
  orderIds: readonly string[],
  { staffId }: { staffId?: string } = {},
) {
  const manifests = [];
  for (const orderId of orderIds) {
    const manifest = await openManifest(context, orderId);
    if (!manifest) continue;
    if (staffId)
      await recordManifestAccess(context.db, {
        flightId: manifest.flight.id,
        orderId,
        userId: staffId,
        action: "view",
        now: context.now(),
      });
    const { luggagePieces, luggageKg, pets } = manifest.order;
    const passengers = manifest.lines.map(({ version: _version, ...line }) => line);
    manifests.push({ orderId, passengers, luggage: { pieces: luggagePieces, kg: luggageKg, pets } });
  }
  return manifests;
}
