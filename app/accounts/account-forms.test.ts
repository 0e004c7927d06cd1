import { describe, expect, it } from "vitest";

import { AlertsPageSchema } from "#app/alerts/alert-forms";
import { parseForm } from "#app/utils/forms/parse";

import { LoginPageSchema, LogoutSchema, ProfilePageSchema, ProfileSchema, RegisterSchema } from "./account-forms";

/** The field errors of a parse, as the reply carries them. */
const errorsOf = (submission: { reply: () => { error?: Record<string, string[] | null> | null } }) =>
  submission.reply().error;

function form(entries: Array<[string, string | Blob]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the /login forms, told apart by intent", () => {
  it("reads a sign-in, its password stripped of invisible characters like at sign-up (decision 015)", () => {
    const submission = parseForm(
      form([
        ["intent", "login"],
        ["email", " Lea@Example.ch "],
        ["password", " mot\u200B de passe "],
        ["redirectTo", "/profile"],
      ]),
      {
        schema: LoginPageSchema,
      },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "login",
      email: "Lea@Example.ch",
      password: " mot de passe ",
      redirectTo: "/profile",
    });
  });

  it("asks the sign-in form for a password and the reset form for an email only", () => {
    expect(
      errorsOf(
        parseForm(
          form([
            ["intent", "login"],
            ["email", "lea@example.ch"],
          ]),
          { schema: LoginPageSchema },
        ),
      ),
    ).toEqual({
      password: ["validation.required"],
    });
    const reset = parseForm(
      form([
        ["intent", "reset"],
        ["email", "lea@example.ch"],
        ["password", "ignored"],
      ]),
      { schema: LoginPageSchema },
    );
    expect(reset.status === "success" && reset.value).toEqual({ intent: "reset", email: "lea@example.ch" });
    expect(
      errorsOf(
        parseForm(
          form([
            ["intent", "reset"],
            ["email", "pas-un-email"],
          ]),
          { schema: LoginPageSchema },
        ),
      ),
    ).toEqual({
      email: ["validation.emailInvalidLogin"],
    });
  });

  it("refuses a post that is neither form", () => {
    for (const intent of [[], [["intent", "delete"]]] as Array<Array<[string, string]>>) {
      const submission = parseForm(form([...intent, ["email", "lea@example.ch"], ["password", "x"]]), {
        schema: LoginPageSchema,
      });
      expect(errorsOf(submission)).toEqual({ intent: ["validation.required"] });
    }
  });
});

describe("sign-up", () => {
  it("says the passwords differ even while other fields are missing", () => {
    const submission = parseForm(
      form([
        ["password", "Vol-prive-2026"],
        ["confirmPassword", "autre"],
      ]),
      { schema: RegisterSchema },
    );
    expect(errorsOf(submission)).toMatchObject({
      firstName: ["validation.firstNameRequired"],
      confirmPassword: ["validation.passwordsDiffer"],
    });
  });
});

describe("profile", () => {
  it("offers es to staff only", () => {
    const fields = form([
      ["firstName", "A"],
      ["lastName", "B"],
      ["language", "es"],
    ]);
    expect(errorsOf(parseForm(fields, { schema: ProfileSchema(false) }))).toEqual({
      language: ["validation.languageInvalid"],
    });
    expect(parseForm(fields, { schema: ProfileSchema(true) }).status).toBe("success");
  });

  it("reads the alert forms: a place as its kind and value, no arrival and no cap as none, and refuses the rest", () => {
    const alerts = (entries: Array<[string, string | Blob]>) => {
      const submission = parseForm(form(entries), { schema: AlertsPageSchema });
      return submission.status === "success" ? submission.value : errorsOf(submission);
    };
    expect(
      alerts([
        ["intent", "addWatch"],
        ["from", "city:Genève"],
        ["to", ""],
        ["windowDays", "14"],
      ]),
    ).toEqual({
      intent: "addWatch",
      from: { kind: "city", value: "Genève" },
      windowDays: 14,
    });
    expect(
      alerts([
        ["intent", "addWatch"],
        ["from", "country:France"],
        ["to", "city:Londres"],
        ["windowDays", "30"],
      ]),
    ).toMatchObject({
      to: { kind: "city", value: "Londres" },
    });
    expect(
      alerts([
        ["intent", "addWatch"],
        ["from", "airport:LSGG"],
        ["windowDays", "7"],
      ]),
    ).toEqual({ from: ["alerts.errors.required"] });
    expect(
      alerts([
        ["intent", "addWatch"],
        ["from", "country:France"],
        ["windowDays", "10"],
      ]),
    ).toEqual({ windowDays: ["alerts.errors.required"] });
    expect(
      alerts([
        ["intent", "addWatch"],
        ["from", `city:${"a".repeat(200)}`],
        ["windowDays", "7"],
      ]),
    ).toEqual({ from: ["validation.tooLong"] });
    expect(
      alerts([
        ["intent", "removeWatch"],
        ["watchId", "12"],
      ]),
    ).toEqual({ intent: "removeWatch", watchId: 12 });
    expect(
      alerts([
        ["intent", "setCap"],
        ["cap", ""],
      ]),
    ).toEqual({ intent: "setCap" });
    expect(
      alerts([
        ["intent", "setCap"],
        ["cap", "3"],
      ]),
    ).toEqual({ intent: "setCap", cap: 3 });
    expect(
      alerts([
        ["intent", "setCap"],
        ["cap", "5"],
      ]),
    ).toEqual({ cap: ["alerts.errors.required"] });
  });
});

describe("sign-out", () => {
  it("keeps where the visitor was, even when it is not a text (the route then goes to /)", () => {
    expect(parseForm(form([["redirectTo", "/fleet"]]), { schema: LogoutSchema }).payload.redirectTo).toBe("/fleet");
    expect(parseForm(form([]), { schema: LogoutSchema }).status).toBe("success");
  });
});

describe("the /profile forms, told apart by intent", () => {
  it("reads 'Supprimer mon compte' with its password as typed, and asks for one", () => {
    const submission = parseForm(
      form([
        ["intent", "deleteAccount"],
        ["password", " mot de passe "],
      ]),
      { schema: ProfilePageSchema(false) },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "deleteAccount",
      password: " mot de passe ",
    });
    expect(errorsOf(parseForm(form([["intent", "deleteAccount"]]), { schema: ProfilePageSchema(false) }))).toEqual({
      password: ["validation.passwordRequired"],
    });
  });

  it("reads 'Enregistrer' as the profile form, and a post without an intent as neither", () => {
    const saved = parseForm(
      form([
        ["intent", "updateProfile"],
        ["firstName", "Léa"],
        ["lastName", "Martin"],
        ["language", "de"],
      ]),
      { schema: ProfilePageSchema(false) },
    );
    expect(saved.status === "success" && saved.value).toEqual({
      intent: "updateProfile",
      firstName: "Léa",
      lastName: "Martin",
      language: "de",
    });
    expect(
      parseForm(
        form([
          ["firstName", "Léa"],
          ["password", "x"],
        ]),
        { schema: ProfilePageSchema(false) },
      ).status,
    ).toBe("error");
  });
});
