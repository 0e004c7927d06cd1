import type { ComponentPropsWithoutRef } from "react";

/**
 * A variant is the colours, a size the padding: the classes the buttons had when written by hand,
 * so some sizes differ by half a step where pages were drawn so.
 */
const VARIANTS = {
  primary: "bg-navy-900 text-white hover:bg-navy-700",
  /** Navy with a border of its own colour: as tall as an `outline` button beside it. */
  solid: "border-2 border-navy-900 bg-navy-900 text-white hover:bg-navy-700",
  accent: "bg-gold-400 text-navy-900 hover:bg-gold-300",
  outline: "border-2 border-navy-900 hover:bg-navy-900 hover:text-white",
  /** The same with a thin line: the search's day pager. */
  outlineThin: "border border-navy-900 hover:bg-navy-900 hover:text-white",
  /** Thin navy outline, a light hover: going back, lesser actions. */
  quiet: "border border-navy-900 hover:bg-navy-100",
  /** Thin grey outline: the back-office lists' pagination. */
  subtle: "border border-navy-300 hover:bg-navy-100",
  light: "border-2 border-navy-900 text-navy-900 hover:bg-navy-50",
  /** The back-office's second action: a thin outline on white. */
  secondary: "border border-navy-700 bg-white text-navy-900 hover:bg-navy-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
  dangerOutline: "border-2 border-red-700 text-red-800 hover:bg-red-700 hover:text-white",
  dangerQuiet: "border border-red-700 text-red-800 hover:bg-red-50",
  onDark: "border border-white/40 hover:bg-white/10",
  /** On the navy header, the way to the back-office. */
  onDarkGold: "border border-gold-400 text-gold-300 hover:bg-white/10",
  unavailable: "cursor-not-allowed bg-navy-100 text-navy-600",
} as const;

const SIZES = {
  lg: "px-6 py-3",
  lgFlat: "px-6 py-2.5",
  mdTall: "px-5 py-3",
  md: "px-5 py-2.5",
  mdFlat: "px-5 py-2",
  sm: "px-4 py-2",
  xs: "px-3 py-1",
  compact: "px-4 py-2 text-sm",
  compactFlat: "px-4 py-1.5 text-sm",
  tiny: "px-3 py-1 text-sm",
} as const;

const WHEN_DISABLED = {
  dim: "disabled:opacity-60",
  blocked: "disabled:cursor-not-allowed disabled:opacity-60",
  busy: "disabled:cursor-wait disabled:opacity-70",
} as const;

const FOCUS_RING = "focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400";

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;
export type ButtonLook = { ring?: boolean; whenDisabled?: keyof typeof WHEN_DISABLED };

/** For a `<Link>` or a `<summary>` that looks like a button. */
export function buttonClassName(
  variant: ButtonVariant,
  size: ButtonSize,
  { ring = false, whenDisabled }: ButtonLook = {},
) {
  return [
    "rounded-full font-semibold",
    VARIANTS[variant],
    SIZES[size],
    ring ? FOCUS_RING : null,
    whenDisabled ? WHEN_DISABLED[whenDisabled] : null,
  ]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ComponentPropsWithoutRef<"button"> &
  ButtonLook & {
    variant?: ButtonVariant;
    size?: ButtonSize;
  };

/**
 * Other attributes pass as given; `className` adds layout, not colours. A submit that says it is
 * working is `SubmitButton`.
 */
export function Button({
  variant = "primary",
  size = "lg",
  ring,
  whenDisabled,
  className,
  children,
  ...props
}: ButtonProps) {
  const look = buttonClassName(variant, size, { ring, whenDisabled });
  return (
    <button {...props} className={className ? `${look} ${className}` : look}>
      {children}
    </button>
  );
}
