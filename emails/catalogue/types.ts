import type { ExclusiveFlight } from "#app/content/exclusive-flights";
import type { CustomerInfo } from "#app/db/schema";

export type ExclusiveRequestMailData = {
  requestId: string;
  flight: ExclusiveFlight;
  /**
   * The departure day asked for ("YYYY-MM-DD"). Absent from a mail queued before the
   * form asked for it: the flight's weekday is shown then.
   */
  departureDate?: string;
  customer: CustomerInfo & { message: string };
  /** The customer's UI language. */
  language: string;
};

/**
 * A custom request as its form took it (requests/request-forms.ts `customRequestSchema`,
 * less the form's key), written out here: the mail data is its own contract, below the
 * requests domain.
 */
export type CustomRequestDetails = {
  departure: string;
  arrival: string;
  /** "YYYY-MM-DD" */
  date: string;
  passengers: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

export type CustomRequestMailData = {
  requestId: string;
  request: CustomRequestDetails;
  language: string;
};
