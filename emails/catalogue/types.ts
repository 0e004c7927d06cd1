import type { ExclusiveFlight } from "#app/content/exclusive-flights";
import type { CustomerInfo } from "#app/db/schema";
import type { CustomRequestInput } from "#app/utils/forms/requests";

export type ExclusiveRequestMailData = {
  requestId: string;
  flight: ExclusiveFlight;
  customer: CustomerInfo & { message: string };
  /** The customer's UI language. */
  language: string;
};

export type CustomRequestMailData = {
  requestId: string;
  request: Omit<CustomRequestInput, "idempotencyKey">;
  language: string;
};
