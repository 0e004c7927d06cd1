import { buttonClassName, type ButtonLook } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form-field";

const LOOK: ButtonLook = { ring: true, whenDisabled: "blocked" };
const LAYOUT = "inline-flex items-center justify-center gap-2";

export const primaryButton = `${buttonClassName("primary", "compact", LOOK)} ${LAYOUT}`;
export const secondaryButton = `${buttonClassName("secondary", "compact", LOOK)} ${LAYOUT}`;
export const compactButton = `${buttonClassName("secondary", "tiny", LOOK)} ${LAYOUT}`;

export function PendingButton({
  className = primaryButton,
  ...props
}: Omit<Parameters<typeof SubmitButton>[0], "variant">) {
  return <SubmitButton {...props} className={className} />;
}
