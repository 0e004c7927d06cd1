import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import layers, { DOMAIN_RANK, DOMAINS } from "../../eslint/layers.js";

const repository = path.resolve(import.meta.dirname, "../..");

function linter(cwd: string, rules: Linter.RulesRecord) {
  return new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts", "**/*.tsx"],
        languageOptions: { parser: tseslint.parser },
        plugins: { layers },
        rules,
      },
    ],
  });
}

describe("layers/import-layers", () => {
  const eslint = linter(repository, { "layers/import-layers": "error" });

  /** The rule's messages for `code` as if it were the file at `filePath` (from the repository root). */
  async function breaches(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(repository, filePath) });
    return result!.messages.map((message) => message.message);
  }

  it("keeps a domain's queries to its own folder and the routes", async () => {
    const service = await breaches(
      "app/flights/probe.server.ts",
      'import { listUserOrders } from "#app/orders/orders.queries.server";',
    );
    expect(service).toHaveLength(1);
    expect(service[0]).toContain(
      "is a query module of the orders domain: only files inside app/orders/ and routes may import it",
    );
    expect(
      await breaches("app/components/probe.tsx", 'import type { X } from "#app/orders/orders.queries.server";'),
    ).toHaveLength(1);
    expect(
      await breaches("emails/probe.tsx", 'import type { X } from "#app/orders/orders.queries.server";'),
    ).toHaveLength(1);
    // Its own services and tests, tests anywhere, and routes (the root route too) may.
    expect(await breaches("app/orders/probe.server.ts", 'import { x } from "./orders.queries.server";')).toEqual([]);
    expect(await breaches("app/db/probe.test.ts", 'import { x } from "#app/orders/orders.queries.server";')).toEqual(
      [],
    );
    expect(
      await breaches("app/routes/probe.tsx", 'import { listUserOrders } from "#app/orders/orders.queries.server";'),
    ).toEqual([]);
    expect(
      await breaches("app/routes/probe/route.tsx", 'import { x } from "#app/alerts/notifications.queries.server";'),
    ).toEqual([]);
    expect(await breaches("app/root.tsx", 'import { x } from "#app/alerts/notifications.queries.server";')).toEqual([]);
    // The server entry holds what server.ts takes of the app (docs/architecture.md, 'One copy of the app in the Worker').
    expect(
      await breaches("app/entry.server.tsx", 'import { x } from "#app/flights/catalogue-state.queries.server";'),
    ).toEqual([]);
  });

  it("lets a query module import only what is below it", async () => {
    const upward = await breaches(
      "app/orders/probe.queries.server.ts",
      'import { checkout } from "./checkout.server";',
    );
    expect(upward).toHaveLength(1);
    expect(upward[0]).toContain("arrows point routes -> services -> queries -> db");
    expect(
      await breaches("app/orders/probe.queries.server.ts", 'import { x } from "../routes/dashboard";'),
    ).toHaveLength(1);
    const below = [
      'import type { Db } from "#app/db/client.server";',
      'import { orders } from "#app/db/schema";',
      'import { formatDay } from "#app/utils/format";',
      'import { placeOrder } from "./orders.queries.server";',
      'import type { UnavailableReason } from "./types";',
    ].join("\n");
    expect(await breaches("app/orders/probe.queries.server.ts", below)).toEqual([]);
  });

  it("keeps app/db, app/utils and app/content below every domain, route and component", async () => {
    expect((await breaches("app/db/probe.ts", 'import { x } from "#app/orders/checkout.server";'))[0]).toContain(
      "app/db is the bottom layer",
    );
    expect(await breaches("app/db/probe.ts", 'import { Logo } from "#app/components/logo";')).toHaveLength(1);
    const utils = await breaches("app/utils/probe.ts", 'import { pricePerPerson } from "#app/flights/pricing";');
    expect(utils[0]).toContain("app/utils sits below every domain");
    expect(await breaches("app/content/probe.ts", 'import { Logo } from "../components/logo";')).toHaveLength(1);
    expect(await breaches("app/utils/probe.ts", 'import { company } from "#app/content/company";')).toEqual([]);
  });

  it("keeps server modules out of components, type-only imports included", async () => {
    const typeOnly = await breaches(
      "app/components/probe.tsx",
      'import type { ToastInput } from "#app/utils/toast.server";',
    );
    expect(typeOnly[0]).toContain("must not import a server module, even for types");
    expect(
      await breaches("app/components/ui/probe.tsx", 'import { getUser } from "#app/accounts/session.server";'),
    ).toHaveLength(1);
    expect(await breaches("app/components/probe.tsx", 'import type { Toast } from "#app/utils/toast";')).toEqual([]);
  });

  it("holds a route folder's components to the same, not its route module nor its server files", async () => {
    const server = 'import { getUser } from "#app/accounts/session.server";';
    expect(await breaches("app/routes/checkout.$flightId/probe.tsx", server)).toHaveLength(1);
    expect(await breaches("app/routes/checkout.$flightId/route.tsx", server)).toEqual([]);
    expect(await breaches("app/routes/checkout.$flightId/probe.server.ts", server)).toEqual([]);
    expect(await breaches("app/routes/probe.tsx", server)).toEqual([]);
  });

  it("tolerates a listed breach only while it is there", async () => {
    const listed = linter(repository, {
      "layers/import-layers": ["error", { knownBreaches: [["app/utils/probe.ts", "app/flights/pricing.ts"]] }],
    });
    const lint = async (code: string) => {
      const [result] = await listed.lintText(code, { filePath: path.join(repository, "app/utils/probe.ts") });
      return result!.messages.map((message) => message.message);
    };
    expect(await lint('import { pricePerPerson } from "#app/flights/pricing";')).toEqual([]);
    expect((await lint('import { formatDay } from "#app/utils/format";'))[0]).toContain(
      "remove its line from knownBreaches",
    );
  });
});

describe("layers/domain-rank", () => {
  const eslint = linter(repository, { "layers/domain-rank": "error" });

  async function breaches(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(repository, filePath) });
    return result!.messages.map((message) => message.message);
  }

  it("ranks every domain folder", () => {
    expect(DOMAINS.filter((domain) => !DOMAIN_RANK.includes(domain))).toEqual([]);
    expect(DOMAIN_RANK.indexOf("flights")).toBeLessThan(DOMAIN_RANK.indexOf("orders"));
  });

  it("refuses an import of a domain ranked above, in every form an import takes", async () => {
    const upward = await breaches(
      "app/flights/probe.server.ts",
      'import { checkout } from "#app/orders/checkout.server";',
    );
    expect(upward).toHaveLength(1);
    expect(upward[0]).toContain("belongs to orders, ranked above flights (content < utils < db < mail");
    for (const code of [
      'import type { CheckoutForm } from "#app/orders/checkout-forms";',
      'import { type CheckoutForm } from "#app/orders/checkout-forms";',
      'export { checkoutSchema } from "#app/orders/checkout-forms";',
      'export type { CheckoutForm } from "#app/orders/checkout-forms";',
      'export * from "#app/orders/checkout-forms";',
      'export const load = () => import("#app/orders/checkout.server");',
      'export type Form = import("#app/orders/checkout-forms").CheckoutForm;',
    ]) {
      expect(await breaches("app/flights/probe.ts", code), code).toHaveLength(1);
    }
  });

  it("ranks the shared folders, the mail templates, components and routes too", async () => {
    expect(await breaches("app/content/probe.ts", 'import { formatDay } from "#app/utils/format";')).toHaveLength(1);
    expect(await breaches("app/utils/probe.ts", 'import { orders } from "#app/db/schema";')).toHaveLength(1);
    expect(await breaches("app/db/probe.server.ts", 'import { sendMail } from "#app/mail/mail.server";')).toHaveLength(
      1,
    );
    // A template is the mail domain's: it reads what is below mail, never a domain that sends mail.
    const template = await breaches("emails/catalogue/probe.tsx", 'import { x } from "#app/requests/request-forms";');
    expect(template[0]).toContain("belongs to requests, ranked above mail");
    expect(await breaches("app/mail/probe.server.ts", 'import { registry } from "#emails/registry";')).toEqual([]);
    expect(await breaches("app/orders/probe.ts", 'import { Logo } from "#app/components/logo";')).toHaveLength(1);
    expect(await breaches("app/components/probe.tsx", 'import { loader } from "#app/routes/home";')).toHaveLength(1);
  });

  it("lets a module import its own domain and those below it", async () => {
    const below = [
      'import { findFlightListing } from "#app/db/flight-listing.server";',
      'import type { FlightListing } from "#app/flights/types";',
      'import { notifyWaitlist } from "#app/alerts/waitlist.server";',
      'import { sendMail } from "#app/mail/mail.server";',
      'import { orderPagePath } from "#app/utils/order-urls";',
      'import { company } from "#app/content/company";',
      'import { placeOrder } from "./orders.queries.server";',
      'import { i18n } from "#app/i18n";',
      'import { z } from "zod";',
    ].join("\n");
    expect(await breaches("app/orders/probe.server.ts", below)).toEqual([]);
    expect(await breaches("emails/orders/probe.tsx", 'import { cityName } from "#app/content/city-names";')).toEqual(
      [],
    );
    expect(await breaches("app/utils/probe.ts", 'import { cityName } from "#app/content/city-names";')).toEqual([]);
    // Routes, components and the root route sit above every domain; tests and their fixtures outside the ranking.
    expect(await breaches("app/routes/probe.tsx", 'import { tasks } from "#app/operations/tasks.server";')).toEqual([]);
    expect(await breaches("app/root.tsx", 'import { x } from "#app/alerts/notifications.queries.server";')).toEqual([]);
    expect(
      await breaches("app/components/probe.tsx", 'import { seatsOrdered } from "#app/orders/checkout-forms";'),
    ).toEqual([]);
    expect(
      await breaches("app/flights/probe.test.ts", 'import { checkout } from "#app/orders/checkout.server";'),
    ).toEqual([]);
    expect(
      await breaches("app/privacy/probe.fixtures.ts", 'import { checkout } from "#app/orders/checkout.server";'),
    ).toEqual([]);
  });

  it("tolerates a listed breach only while it is there", async () => {
    const listed = linter(repository, {
      "layers/domain-rank": [
        "error",
        { knownBreaches: [["app/flights/probe.server.ts", "app/orders/checkout.server.ts"]] },
      ],
    });
    const lint = async (code: string) => {
      const [result] = await listed.lintText(code, { filePath: path.join(repository, "app/flights/probe.server.ts") });
      return result!.messages.map((message) => message.message);
    };
    expect(await lint('import { checkout } from "#app/orders/checkout.server";')).toEqual([]);
    expect(await lint('import { checkout } from "#app/orders/checkout-forms";')).toHaveLength(2);
    expect((await lint('import { formatDay } from "#app/utils/format";'))[0]).toContain(
      "remove its line from knownBreaches",
    );
  });
});

describe("layers/no-pass-through", () => {
  const eslint = linter(repository, { "layers/no-pass-through": "error" });

  async function messages(code: string, filePath = "app/orders/probe.server.ts") {
    const [result] = await eslint.lintText(code, { filePath: path.join(repository, filePath) });
    return result!.messages.map((message) => message.message);
  }

  it("refuses a module that only re-exports, in every form", async () => {
    for (const code of [
      'export { listUserOrders } from "./orders.queries.server";',
      '/** The orders. */\nexport { findOrderWithFlight, listUserOrders } from "./orders.queries.server";\n',
      'export * from "./orders.queries.server";',
      'export type { SeatRequest } from "./orders.queries.server";',
      'import { listUserOrders } from "./orders.queries.server";\nexport { listUserOrders };',
      'import type { SeatRequest } from "./orders.queries.server";\nexport type { SeatRequest };',
      'import { listUserOrders } from "./orders.queries.server";\nexport default listUserOrders;',
      'export { z } from "zod";',
    ]) {
      const found = await messages(code);
      expect(found, code).toHaveLength(1);
      expect(found[0]).toContain("This module only re-exports what other modules export");
    }
  });

  it("refuses a project module's names passed through a module that does other work", async () => {
    const statement = await messages(
      'import { hitRateLimit } from "#app/db/rate-limits.server";\n' +
        "export const allow = () => hitRateLimit;\n" +
        'export { clientIp } from "#app/utils/client-key.server";\n',
    );
    expect(statement).toEqual([
      "clientIp passes through this module from '#app/utils/client-key.server': import it from there where it is used.",
    ]);
    expect(
      await messages('import { formatDay } from "#app/utils/format";\nexport const x = 1;\nexport { formatDay };'),
    ).toHaveLength(1);
  });

  it("leaves real work, a package's names and an asset's URL alone", async () => {
    expect(await messages('import { formatDay } from "#app/utils/format";\nexport const day = formatDay;')).toEqual([]);
    expect(await messages("const x = 1;\nexport { x };\nexport default x;")).toEqual([]);
    expect(
      await messages('import { config } from "zod";\nexport { z } from "zod";\nconfig({ jitless: true });'),
    ).toEqual([]);
    expect(
      await messages(
        'import script from "./static-page.client.js?url&no-inline";\nexport const A = 1;\nexport { script };',
        "app/utils/probe.ts",
      ),
    ).toEqual([]);
    expect(await messages('import "#app/utils/zod";')).toEqual([]);
  });
});

describe("layers/import-cycle", () => {
  let project: string;
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ type: "module", imports: { "#app/*": "./app/*" } }),
    // A circle closed by type-only imports, through a subpath import and an extension-less one.
    "app/header.tsx": 'import type { RootData } from "#app/root";\nexport type Header = RootData;\n',
    "app/root.tsx": 'import type { Header } from "./header";\nexport type RootData = { header?: Header };\n',
    // A value in one direction, a type back.
    "app/checkout.ts":
      'import { mail } from "./mails";\nexport type Order = { id: string };\nexport const run = () => mail();\n',
    "app/mails.ts": 'import type { Order } from "./checkout";\nexport const mail = (order?: Order) => order;\n',
    // Values both ways.
    "app/ping.ts": 'import { pong } from "./pong";\nexport const ping = () => pong;\n',
    "app/pong.ts": 'import { ping } from "./ping";\nexport const pong = () => ping;\n',
    // A circle of three, one of them re-exporting, with a file outside it that imports into it.
    "app/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
    "app/b.ts": 'export { c as b } from "./c";\n',
    "app/c.ts": 'import { a } from "./a";\nexport const c = () => a;\n',
    "app/outside.ts": 'import { a } from "./a";\nexport const outside = a;\n',
    // No circle.
    "app/leaf.ts": "export const leaf = 1;\n",
    "app/user.ts": 'import { leaf } from "#app/leaf";\nexport const user = leaf;\n',
  };

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), "layers-cycle-"));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
      writeFileSync(path.join(project, name), text);
    }
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  async function cycles(name: string) {
    const [result] = await linter(project, { "layers/import-cycle": "error" }).lintFiles([path.join(project, name)]);
    return result!.messages.map((message) => message.message);
  }

  it("reports a circle closed by type-only imports, on both ends", async () => {
    const header = await cycles("app/header.tsx");
    expect(header).toHaveLength(1);
    expect(header[0]).toContain(
      "'#app/root' imports this file back (app/header.tsx -> app/root.tsx -> app/header.tsx)",
    );
    expect(await cycles("app/root.tsx")).toHaveLength(1);
  });

  it("reports a value import whose way back is a type", async () => {
    expect(await cycles("app/checkout.ts")).toHaveLength(1);
    expect(await cycles("app/mails.ts")).toHaveLength(1);
  });

  it("reports a circle of values, however long, and leaves the files outside a circle alone", async () => {
    expect(await cycles("app/ping.ts")).toEqual([
      expect.stringContaining("'./pong' imports this file back (app/ping.ts -> app/pong.ts -> app/ping.ts)"),
    ]);
    expect(await cycles("app/b.ts")).toEqual([
      expect.stringContaining("'./c' imports this file back (app/b.ts -> app/c.ts -> app/a.ts -> app/b.ts)"),
    ]);
    expect(await cycles("app/outside.ts")).toEqual([]);
    expect(await cycles("app/user.ts")).toEqual([]);
  });

  it("reads an unsaved text's own imports, not the file on disk", async () => {
    const [result] = await linter(project, { "layers/import-cycle": "error" }).lintText(
      'import { ping } from "./ping";\nexport const leaf = ping;\n',
      { filePath: path.join(project, "app/leaf.ts") },
    );
    expect(result!.messages).toEqual([]);
    const [circle] = await linter(project, { "layers/import-cycle": "error" }).lintText(
      'import { user } from "./user";\nexport const leaf = user;\n',
      { filePath: path.join(project, "app/leaf.ts") },
    );
    expect(circle!.messages.map((message) => message.message)).toEqual([
      expect.stringContaining("(app/leaf.ts -> app/user.ts -> app/leaf.ts)"),
    ]);
  });
});
