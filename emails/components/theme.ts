/** Brand colours of the site (app/tailwind.css), inlined because mail clients ignore stylesheets. */
export const colors = {
  navy: "#0f1b33",
  gold: "#e6bd55",
  text: "#1f2a44",
  muted: "#5b6478",
  background: "#f3f5f9",
  white: "#ffffff",
  rule: "#dfe3ea",
} as const;

export const fontFamily = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
