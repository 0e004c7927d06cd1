import { confirmEmail } from "./auth/confirm-email";
import { resetPassword } from "./auth/reset-password";

/**
 * Every mail the app sends, by the name stored in mail_outbox.template. Add a
 * template here and `sendMail` accepts its name and checks its data type.
 */
export const mailTemplates = {
  "auth/confirm-email": confirmEmail,
  "auth/reset-password": resetPassword,
};

export type MailTemplateName = keyof typeof mailTemplates;

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplates, name);
}
