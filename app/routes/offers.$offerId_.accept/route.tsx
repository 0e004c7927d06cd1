import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { CustomerFieldsets } from "#app/components/customer-fieldsets";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { OfferDetails } from "#app/components/offer-parts";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { checkoutFormSchema } from "#app/orders/checkout-forms";
import { offerReader } from "#app/orders/offer-access.server";
import { acceptOfferSchema } from "#app/orders/offer-forms";
import { offerView } from "#app/orders/offer-view";
import { acceptOffer } from "#app/orders/offers.server";
import { DEFAULT_COUNTRY } from "#app/requests/request-forms";
import { clientKeyOf } from "#app/utils/client-key.server";
import { countryChoices } from "#app/utils/countries";
import { parseForm, parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { offerPagePath, orderPagePath } from "#app/utils/order-urls";
import { replyToForm } from "#app/utils/reply.server";
import { refusal } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { PassengerFields } from "../checkout.$flightId/passenger-fields";
import { TermsConsent } from "../checkout.$flightId/terms-consent";

export const handle = { i18n: ["offers", "catalogue"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** Only the customer accepts: signed in as the request's sender, or through the mailed link. */
async function requireCustomer(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  const reader = await offerReader(request, context, params.offerId);
  if (!reader || reader.as === "staff") {
    const { t } = await getRequestI18n(request, context, "offers");
    throw refusal(t("page.notFound.title"), 404);
  }
  return reader;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { offer, customer, linkKey } = await requireCustomer(request, params, context);
  const { t, language } = await getRequestI18n(request, context, "offers");
  const view = offerView(offer, {
    now: context.now(),
    locale: language,
    window: (from, until) => t("window", { from, until }),
  });
  return {
    offer: view,
    offerPath: offerPagePath(offer.id, linkKey),
    countries: countryChoices(language),
    prefill: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
    },
    // A double submit or a reload sends this key again: one order is created.
    idempotencyKey: crypto.randomUUID(),
    title: `${t("accept.title")} – JetMalin`,
    description: t("page.meta"),
  };
}

const REFUSALS = {
  notOpen: { status: 409, message: "accept.errors.notOpen" },
  rateLimited: { status: 429, message: "accept.errors.rateLimited" },
  tooManyUnpaidOrders: { status: 429, message: "accept.errors.tooManyUnpaidOrders" },
  tooManyUnpaidSeats: { status: 429, message: "accept.errors.tooManyUnpaidSeats" },
  failed: { status: 500, message: "accept.errors.failed" },
} as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { offer, user } = await requireCustomer(request, params, context);
  const submission = await parseRequest(request, { schema: acceptOfferSchema });
  const { t, language } = await getRequestI18n(request, context, "offers");
  if (submission.status !== "success") return replyToForm(context, submission);
  const outcome = await acceptOffer(context, {
    offerId: offer.id,
    form: submission.value,
    userId: user?.id ?? null,
    language,
    clientKey: await clientKeyOf(request),
  });
  if (!outcome.ok) {
    const { status, message } = REFUSALS[outcome.reason];
    return replyToForm(context, submission, {
      status,
      formError: message,
      toast: { type: "error", description: t(message) },
    });
  }
  return redirect(outcome.paymentUrl ?? orderPagePath(outcome.orderId, outcome.linkKey));
}

export default function AcceptOfferPage() {
  const { offer, offerPath, countries, prefill, idempotencyKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { t } = useTranslation("offers");
  const { t: tc } = useTranslation("catalogue");
  const pending = useIsPending();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(checkoutFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { country: DEFAULT_COUNTRY, idempotencyKey, ...prefill },
    onValidate: ({ formData }) => parseForm(formData, { schema: acceptOfferSchema }),
  });
  const formErrors = form.errors?.map((error) => (error.startsWith("accept.") ? t(error) : tc(error)));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={offerPath} className="text-sm font-semibold text-navy-700 underline">
        ← {t("accept.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t("accept.heading", { route: offer.route })}</h1>
      <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100" aria-label={t("page.details")}>
        <OfferDetails offer={offer} />
      </section>
      {offer.state !== "open" ? (
        <p role="status" className="mt-6 rounded-xl bg-navy-50 p-4 font-semibold">
          {t(`page.state.${offer.state}`, { date: offer.expires })}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
          <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
          <input type="hidden" name={fields.choice.name} value="aircraft" />
          <input type="hidden" name={fields.seenAvailableSeats.name} value={offer.seats} />
          <FormAlert id={form.errorId} messages={formErrors} />
          <p>{t("accept.intro")}</p>
          <PassengerFields field={fields.passengers} maxFields={offer.seats} count={offer.seats} />
          <CustomerFieldsets fields={fields} countries={countries} />
          <TermsConsent field={fields.terms} />
          <p className="text-sm text-navy-700">{t("accept.payment")}</p>
          <SubmitButton
            variant="accent"
            pending={pending}
            label={t("accept.submit", { price: offer.price })}
            pendingLabel={t("accept.submitting")}
          />
        </Form>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary() {
  const { t } = useTranslation("offers");
  return (
    <NotFoundPanel
      title={t("page.notFound.title")}
      text={t("page.notFound.text")}
      linkTo="/home"
      linkLabel={t("page.notFound.home")}
    />
  );
}
