import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { OfferDetails, OfferThread } from "#app/components/offer-parts";
import { SubmitButton } from "#app/components/ui/form-field";
import { FLEET } from "#app/content/fleet";
import { getRequestI18n } from "#app/i18n.server";
import { staffOfferActionSchema } from "#app/orders/offer-forms";
import { offerView } from "#app/orders/offer-view";
import { findOfferRequest, listOfferMessages, listRequestOffers } from "#app/orders/offers.queries.server";
import { makeOffer, postOfferMessage, withdrawOffer } from "#app/orders/offers.server";
import { clientIp } from "#app/utils/client-key.server";
import { OFFER_REQUEST_KINDS } from "#app/utils/constants";
import { formatDateTime } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { offerPagePath } from "#app/utils/order-urls";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, refusal } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { rerouteLines } from "../admin.requests/reroute-lines.server";
import { OfferForm } from "./offer-form";

export const handle = { i18n: ["admin", "offers"] };
export const clientLoader = loadingTranslations(handle.i18n);

async function requestRef(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  const kind = OFFER_REQUEST_KINDS.find((value) => value === params.kind);
  const id = boundedParam(params.requestId);
  const customer = kind && id ? await findOfferRequest(context.db, { kind, id }) : null;
  if (!kind || !id || !customer) {
    const { t } = await getRequestI18n(request, context, "offers");
    throw refusal(t("staff.notFound"), 404);
  }
  return { ref: { kind, id }, customer };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "requests:manage");
  const { ref, customer } = await requestRef(request, params, context);
  const { t, language } = await getRequestI18n(request, context, "offers");
  const [offers, messages, reroute] = await Promise.all([
    listRequestOffers(context.db, ref),
    listOfferMessages(context.db, ref),
    ref.kind === "custom" ? rerouteLines(request, context, [ref.id]) : null,
  ]);
  const now = context.now();
  return {
    ref,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      language: customer.language,
    },
    offers: offers.map((offer) => ({
      ...offerView(offer, { now, locale: language, window: (from, until) => t("window", { from, until }) }),
      path: offerPagePath(offer.id),
    })),
    reroute: reroute?.get(ref.id) ?? [],
    messages: messages.map((message) => ({ ...message, at: formatDateTime(message.createdAt) })),
    aircraft: FLEET.map((plane) => ({ id: plane.id, name: plane.name, seats: plane.specs.passengers })),
    title: `${t("staff.title", { name: `${customer.firstName} ${customer.lastName}` })} – JetMalin`,
  };
}

const REFUSAL_STATUS = {
  notFound: 404,
  airport: 400,
  accepted: 409,
  notOpen: 409,
  limited: 429,
  failed: 500,
} as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "requests:manage");
  const { ref } = await requestRef(request, params, context);
  const submission = await parseRequest(request, { schema: staffOfferActionSchema });
  const { t } = await getRequestI18n(request, context, "offers");
  if (submission.status !== "success")
    return replyToForm(context, submission, { extra: { intent: submission.payload.intent } });
  const value = submission.value;
  const outcome =
    value.intent === "offer"
      ? await makeOffer(context, { request: ref, form: value, by: user.id })
      : value.intent === "withdraw"
        ? await withdrawOffer(context, value.offerId)
        : await postOfferMessage(context, {
            ...ref,
            author: "staff",
            userId: user.id,
            body: value.body,
            ip: clientIp(request),
          });
  if (!outcome.ok)
    return replyToForm(context, submission, {
      status: REFUSAL_STATUS[outcome.reason],
      formError: `errors.${outcome.reason}`,
      toast: { type: "error", description: t(`errors.${outcome.reason}`) },
      extra: { intent: value.intent },
    });
  const done =
    value.intent === "offer" ? t("staff.sent") : value.intent === "withdraw" ? t("staff.withdrawn") : t("thread.sent");
  return redirectWithToast(context, `/admin/requests/${ref.kind}/${ref.id}`, { type: "success", description: done });
}

export default function AdminRequestPage() {
  const { customer, offers, messages, aircraft, reroute } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("offers");
  const withdrawing = useIsPending({ intent: "withdraw" });
  const open = offers.find((offer) => offer.state === "open");
  return (
    <section aria-labelledby="request-heading">
      <Link to="/admin/requests" className="text-sm font-semibold text-navy-700 underline">
        ← {t("staff.back")}
      </Link>
      <h2 id="request-heading" className="mt-2 text-2xl font-bold">
        {t("staff.heading", { name: customer.name })}
      </h2>
      <p className="text-navy-700">
        {customer.email} · {customer.language.toUpperCase()}
      </p>
      {reroute.map((line) => (
        <p key={line} className="mt-2 rounded-xl bg-navy-50 p-3">
          {line}
        </p>
      ))}
      <h3 className="mt-6 text-xl font-bold">{t("staff.offers")}</h3>
      {offers.length === 0 ? <p className="mt-2">{t("staff.none")}</p> : null}
      <ul className="mt-3 space-y-3">
        {offers.map((offer) => (
          <li
            key={offer.id}
            data-testid="staff-offer"
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-navy-100"
          >
            <p className="mb-3 font-semibold">
              {t("page.version", { version: offer.version })} · {t(`states.${offer.state}`)}
            </p>
            <OfferDetails offer={offer} />
            {offer.state === "open" || offer.state === "expired" ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="withdraw" />
                <input type="hidden" name="offerId" value={offer.id} />
                <SubmitButton
                  variant="primary"
                  pending={withdrawing}
                  label={t("staff.withdraw")}
                  pendingLabel={t("staff.withdrawing")}
                />
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <OfferForm
        aircraft={aircraft}
        replaces={open ? open.version : null}
        lastResult={actionData?.intent === "offer" ? actionData.result : undefined}
      />
      <OfferThread
        messages={messages}
        as="staff"
        errors={actionData?.intent === "message" ? (actionData.result.error?.body ?? undefined) : undefined}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
