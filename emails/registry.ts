import { flightAlert } from "./alerts/flight-alert";
import { confirmEmail } from "./auth/confirm-email";
import { resetPassword } from "./auth/reset-password";
import { customRequestCustomer } from "./catalogue/custom-request-customer";
import { customRequestStaff } from "./catalogue/custom-request-staff";
import { exclusiveRequestCustomer } from "./catalogue/exclusive-request-customer";
import { exclusiveRequestStaff } from "./catalogue/exclusive-request-staff";
import { newsletterConfirm } from "./catalogue/newsletter-confirm";
import { newsletterWelcome } from "./catalogue/newsletter-welcome";
import { orderCustomer } from "./orders/order-customer";
import { orderStaff } from "./orders/order-staff";
import { orderStatus } from "./orders/order-status";

/**
 * Every mail the app sends, by the name stored in mail_outbox.template. Add a
 * template here and `sendMail` accepts its name and checks its data type.
 */
export const mailTemplates = {
  "auth/confirm-email": confirmEmail,
  "auth/reset-password": resetPassword,
  "catalogue/exclusive-request-staff": exclusiveRequestStaff,
  "catalogue/exclusive-request-customer": exclusiveRequestCustomer,
  "catalogue/custom-request-staff": customRequestStaff,
  "catalogue/custom-request-customer": customRequestCustomer,
  "catalogue/newsletter-confirm": newsletterConfirm,
  "catalogue/newsletter-welcome": newsletterWelcome,
  "orders/order-customer": orderCustomer,
  "orders/order-staff": orderStaff,
  "orders/order-status": orderStatus,
  "alerts/flight-alert": flightAlert,
};

export type MailTemplateName = keyof typeof mailTemplates;

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplates, name);
}
