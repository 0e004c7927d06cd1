import { describe, expect, it } from "vitest";

import { parseForm } from "#app/utils/forms/parse";

import { RequestStatusSchema } from "./admin-request-forms";

const form = (fields: Record<string, string>) =>
  parseForm(new URLSearchParams(fields), { schema: RequestStatusSchema });

describe("the request status form", () => {
  it("takes an exclusive or custom request, its id and the new status", () => {
    expect(
      form({ kind: "custom", id: "r-1", status: "handled", redirectTo: "/admin/requests?kind=custom" }),
    ).toMatchObject({
      status: "success",
      value: { kind: "custom", id: "r-1", status: "handled" },
    });
  });

  it.each([
    ["a newsletter address", { kind: "newsletter", id: "1", status: "handled" }],
    ["an unknown status", { kind: "exclusive", id: "r-1", status: "archived" }],
    ["a missing id", { kind: "exclusive", status: "new" }],
    ["an id longer than ids are", { kind: "exclusive", id: "x".repeat(65), status: "new" }],
  ])("refuses %s", (_, fields) => {
    expect(form(fields).status).toBe("error");
  });
});
