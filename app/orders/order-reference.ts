export function orderReference(flightId: string) {
  return flightId.slice(0, 8).toUpperCase();
}
