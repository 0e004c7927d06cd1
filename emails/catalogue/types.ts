import type { ExclusiveFlight } from "#app/content/exclusive-flights";
import type { CustomRequestInput } from "#app/services/request-forms";

export type ExclusiveRequestMailData = {
  requestId: string;
  flight: ExclusiveFlight;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    zipCode: string;
    city: string;
    country: string;
    message: string;
  };
  /** The customer's UI language. */
  language: string;
};

export type CustomRequestMailData = {
  requestId: string;
  request: Omit<CustomRequestInput, "idempotencyKey">;
  language: string;
};
