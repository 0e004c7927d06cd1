/**
 * The checkout form as a browser posts it (every field a string), for the tests and
 * scripts that post it without a page: the unit tests of its schema, the browser tests'
 * orders over HTTP and the Lighthouse journeys. No import, so that scripts run by Node
 * read it as it is.
 */

/**
 * A valid form for `seats` seats (`choice=seats`): one passenger's name a seat in
 * `passengers` (default 'Passager 1', 'Passager 2'...), Léa Muller of Geneva as the
 * contact, the terms accepted; `fields` replaces any of these fields.
 */
export function checkoutFormFields({
  idempotencyKey,
  seenAvailableSeats,
  seats,
  email,
  passengers = Array.from({ length: seats }, (_, index) => `Passager ${index + 1}`),
  fields = {},
}: {
  idempotencyKey: string;
  seenAvailableSeats: number | string;
  seats: number;
  email: string;
  passengers?: string[];
  fields?: Record<string, string>;
}): Record<string, string> {
  return {
    idempotencyKey,
    seenAvailableSeats: String(seenAvailableSeats),
    choice: "seats",
    seats: String(seats),
    ...Object.fromEntries(passengers.map((name, index) => [`passengers[${index}]`, name])),
    firstName: "Léa",
    lastName: "Muller",
    email,
    phone: "+41 79 123 45 67",
    address: "Rue du Rhône 1",
    zipCode: "1204",
    city: "Genève",
    country: "CH",
    terms: "on",
    ...fields,
  };
}
