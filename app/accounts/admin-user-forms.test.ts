import { describe, expect, it } from "vitest";

import { parseForm } from "#app/utils/forms/parse";

import { UserActionSchema } from "./admin-user-forms";

function submit(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return parseForm(data, { schema: UserActionSchema });
}

/** The field errors of a refused form; null when it was accepted. */
function errorsOf(fields: Record<string, string>) {
  const submission = submit(fields);
  return submission.status === "success" ? null : submission.error;
}

const person = { firstName: "Nina", lastName: "Nouvelle", email: "nina@example.ch" };
const edit = { intent: "update", userId: "u-1", ...person, phone: "", language: "de", role: "gestionnaire" };

describe("the users tab's one schema", () => {
  it("reads each form by its intent", () => {
    const created = submit({ intent: "create-gestionnaire", ...person, password: "Motdepasse-2026" });
    expect(created.status === "success" && created.value).toEqual({
      intent: "create-gestionnaire",
      ...person,
      password: "Motdepasse-2026",
    });
    const edited = submit(edit);
    // An empty phone is no phone; the language and role are the form's.
    expect(edited.status === "success" && edited.value).toEqual({
      intent: "update",
      userId: "u-1",
      ...person,
      language: "de",
      role: "gestionnaire",
    });
    const password = submit({ intent: "password", userId: "u-1", password: "12345678" });
    expect(password.status === "success" && password.value).toEqual({
      intent: "password",
      userId: "u-1",
      password: "12345678",
    });
    const deleted = submit({ intent: "delete", userId: "u-1" });
    expect(deleted.status === "success" && deleted.value).toEqual({ intent: "delete", userId: "u-1" });
  });

  it("gives the account forms' messages for missing or bad fields", () => {
    expect(errorsOf({ intent: "create-client", email: "not-an-email", password: "short" })).toEqual({
      firstName: ["validation.required"],
      lastName: ["validation.required"],
      email: ["validation.emailInvalid"],
      password: ["validation.passwordMin8"],
    });
    expect(errorsOf({ ...edit, firstName: "", phone: "12", language: "it", role: "owner" })).toEqual({
      firstName: ["validation.required"],
      phone: ["validation.phoneInvalid"],
      language: ["validation.languageInvalid"],
      role: ["validation.required"],
    });
    expect(errorsOf({ intent: "password", userId: "u-1", password: "1234567" })).toEqual({
      password: ["validation.passwordMin8"],
    });
  });

  it("refuses a missing or overlong user id, and an unknown intent", () => {
    expect(errorsOf({ intent: "delete" })?.userId).toBeDefined();
    expect(errorsOf({ intent: "delete", userId: "x".repeat(65) })?.userId).toBeDefined();
    expect(errorsOf({ ...edit, userId: "" })?.userId).toBeDefined();
    expect(submit({ intent: "promote", userId: "u-1" }).status).toBe("error");
    expect(submit({ userId: "u-1" }).status).toBe("error");
  });

  it("stores names without control or bidi characters", () => {
    const created = submit({
      intent: "create-client",
      ...person,
      lastName: "Nouv\u202Eelle\u0000",
      password: "Motdepasse-2026",
    });
    expect(created.status === "success" && created.value.intent === "create-client" && created.value.lastName).toBe(
      "Nouvelle",
    );
  });
});
