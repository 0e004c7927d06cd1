import { describe, expect, it } from "vitest";

import { renderMail } from "./render";

const url = "http://localhost:8787/confirm-email?token=abc123";

describe("renderMail", () => {
  it.each([
    ["fr", "auth/confirm-email", "Confirmez votre adresse email – JetMalin", "Bonjour Léa,", "24 heures"],
    ["en", "auth/confirm-email", "Confirm your email address – JetMalin", "Hello Léa,", "24 hours"],
    ["de", "auth/confirm-email", "Bestätigen Sie Ihre E-Mail-Adresse – JetMalin", "Guten Tag Léa,", "24 Stunden"],
    ["fr", "auth/reset-password", "Réinitialisation de votre mot de passe – JetMalin", "Bonjour Léa,", "1 heure"],
    ["en", "auth/reset-password", "Reset your password – JetMalin", "Hello Léa,", "1 hour"],
    ["de", "auth/reset-password", "Zurücksetzen Ihres Passworts – JetMalin", "Guten Tag Léa,", "1 Stunde"],
  ] as const)("%s %s: subject, HTML and text part", async (locale, template, subject, greeting, expiry) => {
    const mail = await renderMail(template, locale, { firstName: "Léa", url });
    expect(mail.subject).toBe(subject);
    expect(mail.locale).toBe(locale);
    expect(mail.html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
    expect(mail.html).toContain(`href="${url.replace("&", "&amp;")}"`);
    expect(mail.text).toContain(greeting);
    expect(mail.text).toContain(expiry);
    expect(mail.text).toContain(url);
    expect(mail.text).not.toContain("<");
  });

  it("puts the company details in the footer, translated", async () => {
    const fr = await renderMail("auth/confirm-email", "fr", { firstName: "Léa", url });
    const de = await renderMail("auth/confirm-email", "de", { firstName: "Léa", url });
    expect(fr.text).toContain("JetMalin SA");
    expect(fr.text).toContain("+41 22 518 07 70");
    expect(fr.text).toContain("Suisse");
    expect(de.text).toContain("Schweiz");
    expect(de.text).toContain("service@jetmalin.ch");
  });

  it("escapes data into the HTML", async () => {
    const mail = await renderMail("auth/confirm-email", "fr", { firstName: "<b>Léa</b>", url });
    expect(mail.html).not.toContain("<b>Léa</b>");
    expect(mail.html).toContain("&lt;b&gt;Léa&lt;/b&gt;");
  });

  it("writes in English for a language the mails do not have", async () => {
    const mail = await renderMail("auth/reset-password", "es", { firstName: "Ana", url });
    expect(mail.locale).toBe("en");
    expect(mail.subject).toBe("Reset your password – JetMalin");
  });
});
