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
  notificationId: 990_001,
  watchId: 990_001,
  clientB: { id: "matrix-client-b", email: "client-b.matrix@example.test" },
  params: {
    flightId,
    "exclusive-booking.$flightId:flightId": "geneva-sttropez",
    orderId: "matrix-order-of-client-a",
    // Client A's order has its receipt (seeded below): the PDF answers as the order page does.
    "confirmation.$orderId.$document:document": "receipt.pdf",
    userId: "demo-user-client",
    sessionId: "matrix-probe",
    id: "999999999",
    file: "probe.svg",
    lng: "fr",
    "*": "no-such-page",
  } as Record<string, string>,
};

/** Client B: a second confirmed client, made once per server (idempotent). */
async function seedFixture() {
  const { orderId, notificationId, watchId, flightId, clientB } = MATRIX_FIXTURE;
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

/**
 * Recorded from the running app (`RECORD_PERMISSIONS=1`), then read row by row: a
 * change here is a change of who may do what. Actions are posted `intent=matrix-probe`
 * (no valid form): a guard answers before the form is read, an allowed caller gets the
 * form's refusal (400). The legacy `?_data=` is answered as the page it names (the request
 * guards drop the parameter: decision 006), so its cells match the page's.
 */
export const EXPECTED: Record<string, { loader?: Cells; action?: Cells }> = {
  "$.tsx": {
    loader: {
      anonymous: "404",
      clientA: "404",
      clientB: "404",
      gestionnaire: "404",
      admin: "404",
    },
  },
  "_index.tsx": {
    loader: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
  },
  "about.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "admin._index.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "admin.alerts.tsx": {
    loader: {
      anonymous: "→/admin",
      clientA: "→/admin",
      clientB: "→/admin",
      gestionnaire: "→/admin",
      admin: "→/admin",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: NOT_SENT,
      admin: NOT_SENT,
    },
  },
  "admin.flights.$flightId.cancel.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "admin.flights.$flightId.history.ts": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "admin.mail-retry.ts": {
    loader: {
      anonymous: "→/admin",
      clientA: "→/admin",
      clientB: "→/admin",
      gestionnaire: "→/admin",
      admin: "→/admin",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "403",
      admin: NOT_SENT,
    },
  },
  "admin.orders.export.tsx": {
    loader: {
      anonymous: "→/admin/orders",
      clientA: "→/admin/orders",
      clientB: "→/admin/orders",
      gestionnaire: "→/admin/orders",
      admin: "→/admin/orders",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "403",
      admin: "200",
    },
  },
  "admin.orders.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "→/",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "403",
      admin: "→/admin/orders",
    },
  },
  "admin.requests.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "→/admin/requests",
      admin: "→/admin/requests",
    },
  },
  "admin.sync.tsx": {
    loader: {
      anonymous: "→/admin",
      clientA: "→/admin",
      clientB: "→/admin",
      gestionnaire: "→/admin",
      admin: "→/admin",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: NOT_SENT,
      admin: NOT_SENT,
    },
  },
  "admin.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "admin.users.$userId.data[.]json.ts": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "→/",
      admin: "200",
    },
  },
  "admin.users.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "→/",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "403",
      admin: "400",
    },
  },
  "alerts.unsubscribe.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "art.$file.ts": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "checkout.$flightId.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "checkout._index.tsx": {
    loader: {
      anonymous: "→/empty-legs",
      clientA: "→/empty-legs",
      clientB: "→/empty-legs",
      gestionnaire: "→/empty-legs",
      admin: "→/empty-legs",
    },
  },
  "confirm-email.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "confirmation.$orderId.calendar[.]ics.ts": {
    loader: {
      anonymous: "404",
      clientA: "200",
      clientB: "404",
      gestionnaire: "404",
      admin: "200",
    },
  },
  "confirmation.$orderId.$document.ts": {
    loader: {
      anonymous: "404",
      clientA: "200",
      clientB: "404",
      gestionnaire: "404",
      admin: "200",
    },
  },
  "confirmation.$orderId.tsx": {
    loader: {
      anonymous: "404",
      clientA: "200",
      clientB: "404",
      gestionnaire: "404",
      admin: "200",
    },
    action: {
      anonymous: "404",
      clientA: "→/confirmation/matrix-order-of-client-a",
      clientB: "404",
      gestionnaire: "404",
      admin: "→/confirmation/matrix-order-of-client-a",
    },
  },
  "cookies.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/cookies",
      clientA: "→/cookies",
      clientB: "→/cookies",
      gestionnaire: "→/cookies",
      admin: "→/cookies",
    },
  },
  "custom-flight.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "custom-flights.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "dashboard.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "demande-reservation-envoyee.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "dev.mail.$id.tsx": {
    loader: {
      anonymous: "404",
      clientA: "404",
      clientB: "404",
      gestionnaire: "404",
      admin: "404",
    },
  },
  "dev.mail._index.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "dev.mail.latest[.]json.ts": {
    loader: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "dev.pay.$sessionId.tsx": {
    loader: {
      anonymous: "404",
      clientA: "404",
      clientB: "404",
      gestionnaire: "404",
      admin: "404",
    },
    action: {
      anonymous: "→/dev/pay/matrix-probe",
      clientA: "→/dev/pay/matrix-probe",
      clientB: "→/dev/pay/matrix-probe",
      gestionnaire: "→/dev/pay/matrix-probe",
      admin: "→/dev/pay/matrix-probe",
    },
  },
  "dev.sql.ts": {
    loader: {
      anonymous: "405",
      clientA: "405",
      clientB: "405",
      gestionnaire: "405",
      admin: "405",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "empty-legs.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "exclusive-booking.$flightId.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "faq.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "favorites.tsx": {
    loader: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
    action: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
  },
  "fleet.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "home.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "language.tsx": {
    loader: {
      anonymous: "→/",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "→/",
      admin: "→/",
    },
    action: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
  },
  "locales.$lng.$file.ts": {
    loader: {
      anonymous: "404",
      clientA: "404",
      clientB: "404",
      gestionnaire: "404",
      admin: "404",
    },
  },
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
    loader: {
      anonymous: "→/login",
      clientA: "→/dashboard",
      clientB: "→/dashboard",
      gestionnaire: "→/admin",
      admin: "→/admin",
    },
    action: {
      anonymous: "→/login",
      clientA: "→/dashboard",
      clientB: "→/dashboard",
      gestionnaire: "→/admin",
      admin: "→/admin",
    },
  },
  "logout.tsx": {
    loader: {
      anonymous: "→/",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "→/",
      admin: "→/",
    },
    action: {
      anonymous: "→/",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "→/",
      admin: "→/",
    },
  },
  "new-flight.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "newsletter.tsx": {
    loader: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
    action: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
  },
  "newsletter_.confirm.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "newsletter_.unsubscribe.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "notifications.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "partners.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "privacy-policy.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "passkeys.authentication-options.ts": {
    action: {
      anonymous: "200",
      clientA: "401",
      clientB: "401",
      gestionnaire: "401",
      admin: "401",
    },
  },
  "passkeys.registration-options.ts": {
    action: {
      anonymous: "→/login",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "profile.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "profile_.alerts.tsx": {
    loader: {
      anonymous: "→/profile",
      clientA: "→/profile",
      clientB: "→/profile",
      gestionnaire: "→/profile",
      admin: "→/profile",
    },
    action: {
      anonymous: "→/login",
      clientA: "→/profile",
      clientB: "→/profile",
      gestionnaire: "→/profile",
      admin: "→/profile",
    },
  },
  "profile_.data[.]json.ts": {
    loader: {
      anonymous: "→/login",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "profile_.passkeys.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "profile_.second-factor.tsx": {
    loader: {
      anonymous: "→/login",
      clientA: "→/",
      clientB: "→/",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "→/login",
      clientA: "403",
      clientB: "403",
      gestionnaire: "400",
      admin: "400",
    },
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
  "reset-password.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
  "reset-success.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "terms.tsx": {
    loader: {
      anonymous: "200",
      clientA: "200",
      clientB: "200",
      gestionnaire: "200",
      admin: "200",
    },
  },
  "waitlist.tsx": {
    loader: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
    action: {
      anonymous: "→/home",
      clientA: "→/home",
      clientB: "→/home",
      gestionnaire: "→/home",
      admin: "→/home",
    },
  },
  "webhooks.payments.ts": {
    loader: {
      anonymous: "405",
      clientA: "405",
      clientB: "405",
      gestionnaire: "405",
      admin: "405",
    },
    action: {
      anonymous: "400",
      clientA: "400",
      clientB: "400",
      gestionnaire: "400",
      admin: "400",
    },
  },
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
