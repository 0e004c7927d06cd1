import { flightAlert } from "./alerts/flight-alert";
import { accountDeleted } from "./auth/account-deleted";
import { confirmEmail } from "./auth/confirm-email";
import { resetPassword } from "./auth/reset-password";
import { customRequestCustomer } from "./catalogue/custom-request-customer";
import { customRequestStaff } from "./catalogue/custom-request-staff";
import { exclusiveRequestCustomer } from "./catalogue/exclusive-request-customer";
import { exclusiveRequestStaff } from "./catalogue/exclusive-request-staff";
import { newsletterConfirm } from "./catalogue/newsletter-confirm";
import { newsletterWelcome } from "./catalogue/newsletter-welcome";
import { staffFlightCancelled } from "./flights/staff-flight-cancelled";
import { flightCancelled } from "./orders/flight-cancelled";
import { manifestReminder } from "./orders/manifest-reminder";
import { offerMail } from "./orders/offer";
import { orderAuthorised } from "./orders/order-authorised";
import { orderCancelled } from "./orders/order-cancelled";
import { orderCancelledByCustomer } from "./orders/order-cancelled-by-customer";
import { orderCompleted } from "./orders/order-completed";
import { orderPlaced } from "./orders/order-placed";
import { orderRescheduled } from "./orders/order-rescheduled";
import { staffAmountMismatch } from "./orders/staff-amount-mismatch";
import { staffAuthorised } from "./orders/staff-authorised";
import { staffCaptureDeadlines } from "./orders/staff-capture-deadlines";
import { staffCaptureFailed } from "./orders/staff-capture-failed";
import { staffDeparted } from "./orders/staff-departed";
import { staffLatePayment } from "./orders/staff-late-payment";
import { staffPlaced } from "./orders/staff-placed";
import { travelDay } from "./orders/travel-day";
import { waitlistFlightCancelled } from "./waitlist/flight-cancelled";
import { seatReleased } from "./waitlist/seat-released";

/**
 * Every mail the app sends, by the name stored in mail_outbox.template. Add a
 * template here and `sendMail` accepts its name and checks its data type.
 */
export const mailTemplates = {
  "auth/confirm-email": confirmEmail,
  "auth/reset-password": resetPassword,
  "auth/account-deleted": accountDeleted,
  "catalogue/exclusive-request-staff": exclusiveRequestStaff,
  "catalogue/exclusive-request-customer": exclusiveRequestCustomer,
  "catalogue/custom-request-staff": customRequestStaff,
  "catalogue/custom-request-customer": customRequestCustomer,
  "catalogue/newsletter-confirm": newsletterConfirm,
  "catalogue/newsletter-welcome": newsletterWelcome,
  // The order's life (orders/order-mails.server.ts): to the customer, then to staff.
  "orders/placed": orderPlaced,
  "orders/authorised": orderAuthorised,
  "orders/completed": orderCompleted,
  "orders/cancelled": orderCancelled,
  "orders/cancelled-by-customer": orderCancelledByCustomer,
  "orders/staff-placed": staffPlaced,
  "orders/staff-authorised": staffAuthorised,
  "orders/staff-late-payment": staffLatePayment,
  "orders/staff-amount-mismatch": staffAmountMismatch,
  "orders/staff-capture-failed": staffCaptureFailed,
  // A cancelled flight (flights/flight-life.server.ts): each customer, then one summary to staff.
  "orders/flight-cancelled": flightCancelled,
  "flights/staff-flight-cancelled": staffFlightCancelled,
  // Reschedules and authorisation deadlines (docs/decisions/034-reschedules-and-deadlines.md).
  "orders/rescheduled": orderRescheduled,
  "orders/staff-departed": staffDeparted,
  "orders/staff-capture-deadlines": staffCaptureDeadlines,
  // Before the flight (orders/travel-messages.server.ts): the manifest reminders, then the day of travel.
  "orders/manifest-reminder": manifestReminder,
  "orders/travel-day": travelDay,
  // An offer answering a custom or exclusive request (orders/offers.server.ts).
  "orders/offer": offerMail,
  "alerts/flight-alert": flightAlert,
  // Seats back on a sold-out flight (alerts/waitlist.server.ts).
  "waitlist/seat-released": seatReleased,
  // A waited-for flight was cancelled (flights/flight-life.server.ts).
  "waitlist/flight-cancelled": waitlistFlightCancelled,
};

export type MailTemplateName = keyof typeof mailTemplates;

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplates, name);
}
