import { describe, expect, it } from "vitest";

import { parseForm } from "#app/utils/forms/parse";

import { OrdersExportSchema } from "./order-forms";

const form = (fields: Record<string, string>) => parseForm(new URLSearchParams(fields), { schema: OrdersExportSchema });

describe("the orders export form", () => {
  it("reads the tab's filter: a status or none, and the search", () => {
    expect(form({ status: "pending", q: "olivia" })).toMatchObject({
      status: "success",
      value: { status: "pending", q: "olivia" },
    });
    expect(form({ status: "", q: "" })).toMatchObject({ status: "success", value: {} });
    expect(form({})).toMatchObject({ status: "success", value: {} });
  });

  it("refuses a status the tab never sends, with its message", () => {
    expect(form({ status: "archived" })).toMatchObject({
      status: "error",
      error: { status: ["orders.errors.exportFilter"] },
    });
  });
});
