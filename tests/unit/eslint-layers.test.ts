import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import layers from "../../eslint/layers.js";

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
    expect(
      await breaches("app/root.tsx", 'import { x } from "#app/alerts/notifications.queries.server";'),
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
