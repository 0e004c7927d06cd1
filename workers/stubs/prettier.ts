// Stands in for prettier in the main Worker's bundle (wrangler.toml [alias], decision 054): @react-email/render
// imports it only for its `pretty` option, which emails/render.ts never sets, and it weighs about 250 kB.
export function format(): never {
  throw new Error("prettier is not bundled in the Worker: render mails without `pretty`");
}

export default {};
