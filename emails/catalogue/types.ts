import type { ExclusiveFlight } from "#app/content/exclusive-flights";
import type { CustomerInfo } from "#app/db/schema";
import type { CustomRequestInput } from "#app/requests/request-forms";

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

export type CustomRequestMailData = {
  requestId: string;
  request: Omit<CustomRequestInput, "idempotencyKey">;
  language: string;
};
