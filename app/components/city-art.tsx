import { citySlug } from "#app/content/city-slug";

/**
 * A city's drawn scene (docs/catalogue.md) behind a card: an SVG file of a few hundred
 * bytes (routes/art.$file.ts), cached by the browser, so the page carries one <img>
 * rather than the drawing. Decorative only: empty alt text.
 */
export function CityArt({ city, className = "", lazy = true }: { city: string; className?: string; lazy?: boolean }) {
  return (
    <img
      src={cityArtHref(city)}
      alt=""
      width={200}
      height={120}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className={`h-full w-full object-cover ${className}`}
    />
  );
}

/** `/art/{city}.svg`, the city as a slug ("Genève" → geneve); the route finds its scene. */
export function cityArtHref(city: string) {
  return `/art/${citySlug(city) || "default"}.svg`;
}
