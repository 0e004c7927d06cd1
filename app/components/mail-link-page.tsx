import { Form, Link } from "@remix-run/react";

import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/**
 * Opening the page changes nothing, since mail scanners open links too: the owner confirms with
 * a button that posts the token.
 */
export function MailLinkPage({
  title,
  state,
  token,
  texts,
}: {
  title: string;
  state: "confirm" | "done" | "invalid";
  token: string;
  texts: { confirmText: string; button: string; submitting: string; done: string; invalid: string };
}) {
  const { t } = useTranslation("catalogue");
  const pending = useIsPending();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {state === "confirm" ? (
        <Form method="post" className="mt-6">
          <p className="text-navy-700">{texts.confirmText}</p>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={pending} variant="primary" size="lg" whenDisabled="dim" className="mt-6">
            {pending ? texts.submitting : texts.button}
          </Button>
        </Form>
      ) : (
        <p role="status" className="mt-6 text-navy-700">
          {state === "done" ? texts.done : texts.invalid}
        </p>
      )}
      <Link to="/home" className="mt-8 inline-block font-semibold underline">
        {t("sent.home")}
      </Link>
    </section>
  );
}
