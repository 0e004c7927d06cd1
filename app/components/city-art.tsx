import { citySlug } from "#app/content/city-slug";

/**
 * An <img> of a cached SVG of a few hundred bytes (routes/art.$file.ts) rather than the drawing
 * in the page; decorative, so its alt text is empty.
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

export function cityArtHref(city: string) {
  return `/art/${citySlug(city) || "default"}.svg`;
}
