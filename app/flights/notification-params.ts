import type { NotificationParams } from "#app/db/schema";

export function flightNotificationParams(flight: {
  fromCity: string;
  toCity: string;
  fromIcao: string;
  toIcao: string;
  departureMs: number;
}): NotificationParams {
  return {
    from: flight.fromCity,
    to: flight.toCity,
    fromIcao: flight.fromIcao,
    toIcao: flight.toIcao,
    departure: flight.departureMs,
  };
}
