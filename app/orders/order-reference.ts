/** The flight's reference the spec shows on an order: the first 8 characters of its id. */
export function orderReference(flightId: string) {
  return flightId.slice(0, 8).toUpperCase();
}
