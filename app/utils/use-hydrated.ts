import { useEffect, useState } from "react";

/** False on the server and on the first render in the browser; true once React runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
