import { describe, expect, it } from "vitest";

import { renderMail } from "../render";

describe("the last mail of an erased account", () => {
  it.each([
    ["fr", "Votre compte a été supprimé – JetMalin", "Bonjour Léa,", "Comme vous l'avez demandé", "10 ans"],
    ["en", "Your account has been deleted – JetMalin", "Hello Léa,", "As you asked", "10 years"],
    ["de", "Ihr Konto wurde gelöscht – JetMalin", "Guten Tag Léa,", "Wie von Ihnen gewünscht", "10 Jahre"],
  ] as const)("%s: says what went and what stays", async (locale, subject, greeting, intro, kept) => {
    const mail = await renderMail("auth/account-deleted", locale, { firstName: "Léa", byStaff: false });
    expect(mail.subject).toBe(subject);
    expect(mail.html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
    expect(mail.text).toContain(greeting);
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain(kept);
  });

  it("says when staff deleted the account, and carries no link", async () => {
    const mail = await renderMail("auth/account-deleted", "fr", { firstName: "Léa", byStaff: true });
    expect(mail.text).toContain("Notre équipe a supprimé votre compte JetMalin.");
    expect(mail.text).not.toContain("Comme vous l'avez demandé");
    // A mail to an address about to be erased points at no page of the account.
    expect(mail.html).not.toMatch(/href="https?:\/\/localhost/);
  });
});
