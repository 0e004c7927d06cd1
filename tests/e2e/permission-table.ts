/**
 * The expected answer of every route to every caller: the table the
 * permission matrix (permission-matrix.spec.ts) checks, and the generated section of
 * docs/permissions.md. A cell is a status (`200`, `403`, `404`...), a redirect target
 * (`→/login`), or `page | .data | ?_data=` when the three forms differ.
 */
import { hashPassword } from "#app/accounts/password.server";

import { upcomingDemoFlights } from "./catalogue-helpers";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./fixtures";
import { executeLocalSql } from "./local-d1";

export const CALLERS = ["anonymous", "clientA", "clientB", "gestionnaire", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type Cells = Record<Caller, string>;

/** Not posted by a caller allowed to run it: it changes what every page shows (admin-sync.global.spec.ts runs it). */
export const NOT_SENT = "not sent";
/** The actions (and callers) the matrix does not post: the sync and the alerts run for real, as does the mail retry. */
export const NOT_SENT_ACTIONS: Record<string, Caller[]> = {
  "admin.sync.tsx": ["gestionnaire", "admin"],
  "admin.alerts.tsx": ["gestionnaire", "admin"],
  "admin.mail-retry.ts": ["admin"],
};

/** A sold-out demo flight: client A's order is on it, so no seat count of another test moves. */
const flightId = upcomingDemoFlights().find((flight) => flight.soldOut)!.id;

/** What the matrix seeds, and the sample value of each route param. */
export const MATRIX_FIXTURE = {
  flightId,
  orderId: "matrix-order-of-client-a",
  offerId: "matrix-offer-of-client-a",
  requestId: "matrix-request-of-client-a",
  notificationId: 990_001,
  watchId: 990_001,
  clientB: { id: "matrix-client-b", email: "client-b.matrix@example.test" },
  params: {
    flightId,
    "exclusive-booking.$flightId:flightId": "geneva-sttropez",
    orderId: "matrix-order-of-client-a",
    // Client A's custom request, answered with an open offer (seeded below).
    offerId: "matrix-offer-of-client-a",
    kind: "custom",
    requestId: "matrix-request-of-client-a",
    // Client A's order has its receipt (seeded below): the PDF answers as the order page does.
    "confirmation.$orderId.$document:document": "receipt.pdf",
    userId: "demo-user-client",
    sessionId: "matrix-probe",
    deviceId: "matrix-probe-device-0000",
    id: "999999999",
    file: "probe.svg",
    lng: "fr",
    "*": "no-such-page",
  } as Record<string, string>,
};

/** Client B: a second confirmed client, made once per server (idempotent). */
async function seedFixture() {
  const { orderId, offerId, requestId, notificationId, watchId, flightId, clientB } = MATRIX_FIXTURE;
  const hash = await hashPassword(DEMO_PASSWORD);
  const customer = JSON.stringify({
    firstName: "Claire",
    lastName: "Client",
    email: DEMO_ACCOUNTS.client,
    phone: "+41 22 000 00 00",
    address: "Rue 1",
    zipCode: "1201",
    city: "Genève",
    country: "Suisse",
  });
  await executeLocalSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, language, email_confirmed_at) VALUES ('${clientB.id}', '${clientB.email}', '${hash}', 'Bruno', 'Autre', 'client', 'fr', 1) ON CONFLICT(email) DO NOTHING`,
    `INSERT INTO orders (id, user_id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, reference, passengers) VALUES ('${orderId}', 'demo-user-client', '${flightId}', 'completed', 100000, 1, '${customer.replaceAll("'", "''")}', 'matrix-not-a-key', 'JM-MTX001', '["Claire Client"]') ON CONFLICT(id) DO NOTHING`,
    `INSERT INTO receipts (order_id, kind, amount_cents, language, issued_at) SELECT '${orderId}', 'receipt', 100000, 'fr', 1 WHERE NOT EXISTS (SELECT 1 FROM receipts WHERE order_id = '${orderId}' AND kind = 'receipt')`,
    `INSERT INTO notifications (id, user_id, title, message) VALUES (${notificationId}, 'demo-user-client', 'Matrice', 'Notification de A') ON CONFLICT(id) DO NOTHING`,
    `INSERT INTO alert_watches (id, user_id, from_kind, from_value, window_days) VALUES (${watchId}, 'demo-user-client', 'city', 'Matriceville', 7) ON CONFLICT(id) DO NOTHING`,
    `INSERT INTO favorites (user_id, flight_id) VALUES ('demo-user-client', '${flightId}') ON CONFLICT DO NOTHING`,
    `INSERT INTO custom_requests (id, user_id, departure, arrival, date, passengers, first_name, last_name, email, phone, language, idempotency_key) VALUES ('${requestId}', 'demo-user-client', 'Genève', 'Nice', '2099-06-01', 2, 'Claire', 'Client', '${DEMO_ACCOUNTS.client}', '+41 22 000 00 00', 'fr', 'matrix-request-key') ON CONFLICT(id) DO NOTHING`,
    `INSERT INTO flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, source, refreshed_at, offer_only) SELECT 'matrix-offer-flight', departure_airport_id, arrival_airport_id, 4084430400000, 4084434000000, 60, 'PC-24', 100, 2, 'staff', 1, 1 FROM flights WHERE id = '${flightId}' ON CONFLICT(id) DO NOTHING`,
    `INSERT INTO offers (id, request_kind, request_id, version, status, flight_id, aircraft_id, seats, departure_until, price_cents, included, expires_at, language, link_key_hash, created_at) VALUES ('${offerId}', 'custom', '${requestId}', 1, 'open', 'matrix-offer-flight', 'pc24', 2, 4084430400000, 600000, 'Catering', 4084430400000, 'fr', 'matrix-not-a-key', 1) ON CONFLICT(id) DO NOTHING`,
  );
}

let seeded: Promise<void> | undefined;
/** Seeds client B and client A's order, notification, watch and favourite once per test process. */
export const ensureFixture = () => (seeded ??= seedFixture());

const CALLER_TITLES: Cells = {
  anonymous: "anonymous",
  clientA: "client A",
  clientB: "client B",
  gestionnaire: "gestionnaire",
  admin: "admin",
};

/** The same answer for every caller. */
const everyone = (cell: string): Cells => ({
  anonymous: cell,
  clientA: cell,
  clientB: cell,
  gestionnaire: cell,
  admin: cell,
});
/** The anonymous caller is sent to /login; every signed-in caller gets `cell`. */
const signedIn = (cell: string): Cells => ({ ...everyone(cell), anonymous: "→/login" });
/** The anonymous caller is sent to /login; both clients get `clients`, each staff role its own answer. */
const signedInByRole = (clients: string, gestionnaire: string, admin: string): Cells => ({
  anonymous: "→/login",
  clientA: clients,
  clientB: clients,
  gestionnaire,
  admin,
});
/** Client A's order: client A (its owner) and the admin get `allowed`; anyone else `refused`. */
const ownerAndAdmin = (allowed: string, refused: string): Cells => ({
  ...everyone(refused),
  clientA: allowed,
  admin: allowed,
});

/**
 * Recorded from the running app (`RECORD_PERMISSIONS=1`), then read row by row: a
 * change here is a change of who may do what. Actions are posted `intent=matrix-probe`
 * (no valid form): a guard answers before the form is read, an allowed caller gets the
 * form's refusal (400). The legacy `?_data=` is answered as the page it names (the request
 * guards drop the parameter: decision 006), so its cells match the page's.
 */
export const EXPECTED: Record<string, { loader?: Cells; action?: Cells }> = {
  "$.tsx": { loader: everyone("404") },
  "_index.tsx": { loader: everyone("→/home") },
  "about.tsx": { loader: everyone("200") },
  "admin._index.tsx": { loader: signedInByRole("→/", "200", "200"), action: signedInByRole("403", "400", "400") },
  "admin.alerts.tsx": { loader: everyone("→/admin"), action: signedInByRole("403", NOT_SENT, NOT_SENT) },
  "admin.flights.$flightId.cancel.tsx": {
    loader: signedInByRole("→/", "200", "200"),
    action: signedInByRole("403", "400", "400"),
  },
  "admin.flights.$flightId.history.ts": { loader: signedInByRole("→/", "200", "200") },
  "admin.flights.$flightId.manifest.tsx": { loader: signedInByRole("→/", "→/", "200") },
  "admin.flights.$flightId.manifest[.]csv.ts": { loader: signedInByRole("→/", "→/", "200") },
  "admin.flights.$flightId.manifest[.]pdf.ts": { loader: signedInByRole("→/", "→/", "200") },
  "admin.mail-retry.ts": { loader: everyone("→/admin"), action: signedInByRole("403", "403", NOT_SENT) },
  "admin.orders.export.tsx": { loader: everyone("→/admin/orders"), action: signedInByRole("403", "403", "200") },
  "admin.accounting.export.tsx": { loader: everyone("→/admin/orders"), action: signedInByRole("403", "403", "400") },
  "admin.orders.tsx": {
    loader: signedInByRole("→/", "→/", "200"),
    action: signedInByRole("403", "403", "→/admin/orders"),
  },
  "admin.requests.tsx": {
    loader: signedInByRole("→/", "200", "200"),
    action: signedInByRole("403", "→/admin/requests", "→/admin/requests"),
  },
  "admin.requests_.$kind.$requestId.tsx": {
    loader: signedInByRole("→/", "200", "200"),
    action: signedInByRole("403", "400", "400"),
  },
  "admin.sync.tsx": { loader: everyone("→/admin"), action: signedInByRole("403", NOT_SENT, NOT_SENT) },
  "admin.tsx": { loader: signedInByRole("→/", "200", "200") },
  "admin.users.$userId.data[.]json.ts": { loader: signedInByRole("→/", "→/", "200") },
  "admin.users.tsx": { loader: signedInByRole("→/", "→/", "200"), action: signedInByRole("403", "403", "400") },
  "alerts.unsubscribe.tsx": { loader: everyone("200"), action: everyone("400") },
  "art.$file.ts": { loader: everyone("200") },
  "checkout.$flightId.tsx": { loader: everyone("200"), action: everyone("400") },
  "checkout.$flightId_.reroute.tsx": { loader: everyone("200"), action: everyone("400") },
  "checkout._index.tsx": { loader: everyone("→/empty-legs") },
  "confirm-email.tsx": { loader: everyone("200") },
  "confirmation.$orderId.calendar[.]ics.ts": { loader: ownerAndAdmin("200", "404") },
  "confirmation.$orderId.$document.ts": { loader: ownerAndAdmin("200", "404") },
  "confirmation.$orderId_.manifest.tsx": {
    loader: ownerAndAdmin("200", "404"),
    action: ownerAndAdmin("400", "404"),
  },
  "confirmation.$orderId.tsx": {
    loader: ownerAndAdmin("200", "404"),
    action: ownerAndAdmin("→/confirmation/matrix-order-of-client-a", "404"),
  },
  "cookies.tsx": { loader: everyone("200"), action: everyone("→/cookies") },
  "custom-flight.tsx": { loader: everyone("200"), action: everyone("400") },
  "custom-flights.tsx": { loader: everyone("200") },
  "dashboard.tsx": { loader: signedIn("200") },
  "demande-reservation-envoyee.tsx": { loader: everyone("200") },
  "dev.mail.$id.tsx": { loader: everyone("404") },
  "dev.mail._index.tsx": { loader: everyone("200") },
  "dev.mail.latest[.]json.ts": { loader: everyone("400") },
  "dev.pay.$sessionId.tsx": { loader: everyone("404"), action: everyone("→/dev/pay/matrix-probe") },
  "dev.push._index.tsx": { loader: everyone("200") },
  "dev.push.inbox.$deviceId.ts": { loader: everyone("405"), action: everyone("410") },
  "dev.push.subscriptions.ts": { loader: everyone("405"), action: everyone("201") },
  "dev.sql.ts": { loader: everyone("405"), action: everyone("400") },
  "empty-legs.tsx": { loader: everyone("200") },
  "exclusive-booking.$flightId.tsx": { loader: everyone("200"), action: everyone("400") },
  "faq.tsx": { loader: everyone("200") },
  "favorites.tsx": { loader: everyone("→/home"), action: everyone("→/home") },
  "fleet.tsx": { loader: everyone("200") },
  "home.tsx": { loader: everyone("200") },
  "language.tsx": { loader: everyone("→/"), action: everyone("→/home") },
  "locales.$lng.$file.ts": { loader: everyone("404") },
  "legal-notice.tsx": { loader: everyone("200") },
  "manifest[.]webmanifest.ts": { loader: everyone("200") },
  "login.tsx": {
    loader: {
      anonymous: "200",
      clientA: "→/dashboard",
      clientB: "→/dashboard",
      gestionnaire: "→/admin",
      admin: "→/admin",
    },
    action: {
      anonymous: "400",
      clientA: "→/dashboard | 400 | →/dashboard",
      clientB: "→/dashboard | 400 | →/dashboard",
      gestionnaire: "→/admin | 400 | →/admin",
      admin: "→/admin | 400 | →/admin",
    },
  },
  "login_.code.tsx": {
    loader: signedInByRole("→/dashboard", "→/admin", "→/admin"),
    action: signedInByRole("→/dashboard", "→/admin", "→/admin"),
  },
  "logout.tsx": { loader: everyone("→/"), action: everyone("→/") },
  "new-flight.tsx": { loader: signedInByRole("→/", "200", "200"), action: signedInByRole("403", "400", "400") },
  "newsletter.tsx": { loader: everyone("→/home"), action: everyone("→/home") },
  "newsletter_.confirm.tsx": { loader: everyone("200"), action: everyone("400") },
  "newsletter_.unsubscribe.tsx": { loader: everyone("200"), action: everyone("400") },
  "notifications.tsx": { loader: signedIn("200"), action: signedIn("400") },
  // Client A's offer: client A reads and answers it, staff who manage requests read it (they answer from the request's page).
  "offers.$offerId.tsx": {
    loader: { ...everyone("404"), clientA: "200", gestionnaire: "200", admin: "200" },
    action: { ...everyone("404"), clientA: "400" },
  },
  "offers.$offerId_.accept.tsx": {
    loader: { ...everyone("404"), clientA: "200" },
    action: { ...everyone("404"), clientA: "400" },
  },
  "partners.tsx": { loader: everyone("200") },
  "privacy-policy.tsx": { loader: everyone("200") },
  "passkeys.authentication-options.ts": {
    action: { anonymous: "200", clientA: "401", clientB: "401", gestionnaire: "401", admin: "401" },
  },
  "passkeys.registration-options.ts": { action: signedIn("400") },
  "profile.tsx": { loader: signedIn("200"), action: signedIn("400") },
  "profile_.alerts.tsx": { loader: everyone("→/profile"), action: signedIn("→/profile") },
  "profile_.data[.]json.ts": { loader: signedIn("200") },
  "profile_.passkeys.tsx": { loader: signedIn("200"), action: signedIn("400") },
  "profile_.second-factor.tsx": {
    loader: signedInByRole("→/", "200", "200"),
    action: signedInByRole("403", "400", "400"),
  },
  "register.tsx": {
    loader: {
      anonymous: "200",
      clientA: "→/dashboard",
      clientB: "→/dashboard",
      gestionnaire: "→/admin",
      admin: "→/admin",
    },
    action: {
      anonymous: "400",
      clientA: "→/dashboard | 400 | →/dashboard",
      clientB: "→/dashboard | 400 | →/dashboard",
      gestionnaire: "→/admin | 400 | →/admin",
      admin: "→/admin | 400 | →/admin",
    },
  },
  "reset-password.tsx": { loader: everyone("200"), action: everyone("400") },
  "reset-success.tsx": { loader: everyone("200") },
  "terms.tsx": { loader: everyone("200") },
  "waitlist.tsx": { loader: everyone("→/home"), action: everyone("→/home") },
  "webhooks.payments.ts": { loader: everyone("405"), action: everyone("400") },
};

const START =
  "<!-- permission-matrix:start (generated from tests/e2e/permission-table.ts; the matrix test checks it) -->";
const END = "<!-- permission-matrix:end -->";

/** The section of docs/permissions.md generated from the table. */
export function permissionsDocSection(): string {
  const header = `| Route file | | ${CALLERS.map((caller) => CALLER_TITLES[caller]).join(" | ")} |`;
  const rule = `|---|---|${CALLERS.map(() => "---").join("|")}|`;
  const rows = Object.entries(EXPECTED)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, row]) =>
      (["loader", "action"] as const).flatMap((kind) => {
        const cells = row[kind];
        if (!cells) return [];
        return [
          `| \`${file}\` | ${kind === "loader" ? "GET" : "POST"} | ${CALLERS.map((caller) => cells[caller].replaceAll("|", "\\|")).join(" | ")} |`,
        ];
      }),
    );
  return [START, header, rule, ...rows, END].join("\n");
}
