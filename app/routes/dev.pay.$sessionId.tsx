import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";

import { NotFoundPanel } from "#app/components/not-found-panel";
import { buttonClassName } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { submitDevPayment } from "#app/orders/dev-pay-submit.server";
import { findDevPayment, requireLocalPayments } from "#app/payments/dev-pay.server";
import { DevPaySchema } from "#app/payments/dev-pay-forms";
import { devPayPath } from "#app/payments/simulator.server";
import { formatOrderAmount } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { boundedParam } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

const notFound = () => new Response("Not Found", { status: 404 });

/** The simulator's stand-in for Stripe Checkout (docs/payments.md). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLocalPayments(context, request);
  const sessionId = boundedParam(params.sessionId);
  const session = sessionId ? await findDevPayment(context, sessionId) : null;
  if (!session) throw notFound();
  const { t, language } = await getRequestI18n(request, context, "catalogue");
  return {
    title: `${t("devpay.title")} – JetMalin`,
    reference: session.reference ?? session.orderId,
    description: session.description,
    amount: formatOrderAmount(session.amountCents, language),
    // Not `status`: under `?_data=`, Remix 2.17 answers 500 when the data has a top-level `status`.
    state: session.state,
  };
}

/** The event Stripe would send, through the webhook's own path. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLocalPayments(context, request);
  const sessionId = boundedParam(params.sessionId);
  if (!sessionId) throw notFound();
  const submission = await parseRequest(request, { schema: DevPaySchema });
  const { t } = await getRequestI18n(request, context, "catalogue");
  const here = devPayPath(sessionId);
  if (submission.status !== "success")
    return redirectWithToast(context, here, { type: "error", description: t("devpay.errors.invalid") });
  const outcome = await submitDevPayment(context, { sessionId, action: submission.value.intent });
  if (!outcome.ok) {
    if (outcome.reason === "notFound") throw notFound();
    return redirectWithToast(context, here, { type: "error", description: t(`devpay.errors.${outcome.reason}`) });
  }
  return redirect(outcome.redirectTo);
}

export default function DevPayPage() {
  const { reference, description, amount, state } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  const paying = useIsPending({ intent: "pay" });
  const declining = useIsPending({ intent: "decline" });
  const abandoning = useIsPending({ intent: "abandon" });
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("devpay.title")}</h1>
      <p className="mt-2 text-sm text-navy-600">{t("devpay.notice")}</p>

      <dl className="mt-8 grid gap-4 rounded-2xl bg-white p-6 ring-1 ring-navy-100">
        <div>
          <dt className="text-sm text-navy-600">{t("devpay.reference")}</dt>
          <dd className="font-mono font-semibold" data-testid="devpay-reference">
            {reference}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t("devpay.description")}</dt>
          <dd className="font-semibold">{description}</dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t("devpay.amount")}</dt>
          <dd className="text-2xl font-extrabold" data-testid="devpay-amount">
            {amount}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t("devpay.stateLabel")}</dt>
          <dd className="font-semibold" data-testid="devpay-state">
            {t(`devpay.state.${state}`)}
          </dd>
        </div>
      </dl>

      {state === "open" ? (
        // One form: the pressed button's `intent` says what the buyer did (no JavaScript needed).
        <Form method="POST" className="mt-8 flex flex-wrap gap-3">
          <SubmitButton
            name="intent"
            value="pay"
            variant="primary"
            pending={paying}
            label={t("devpay.pay")}
            pendingLabel={t("devpay.sending")}
          />
          <SubmitButton
            name="intent"
            value="decline"
            variant="accent"
            pending={declining}
            label={t("devpay.decline")}
            pendingLabel={t("devpay.sending")}
          />
          <SubmitButton
            name="intent"
            value="abandon"
            pending={abandoning}
            label={t("devpay.abandon")}
            pendingLabel={t("devpay.sending")}
            className={`${buttonClassName("light", "lg", { ring: true, whenDisabled: "busy" })} inline-flex items-center gap-2`}
          />
        </Form>
      ) : (
        <p className="mt-8 rounded-xl bg-navy-50 p-4 font-semibold" data-testid="devpay-closed">
          {t("devpay.closed")}
        </p>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "JetMalin" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return (
    <NotFoundPanel
      title={t("devpay.notFound.title")}
      text={t("devpay.notFound.text")}
      linkTo="/home"
      linkLabel={t("devpay.notFound.home")}
    />
  );
}
