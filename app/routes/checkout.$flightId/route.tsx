import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";

import { getUser } from "#app/accounts/session.server";
import { waitlistedFlightIds } from "#app/alerts/waitlist.queries.server";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { findFlightWithCarrier } from "#app/db/flight-listing.server";
import { waysForward } from "#app/flights/flight-ways.server";
import { pricePerPerson, totalPrice, wholeAircraftOffered } from "#app/flights/pricing";
import { findSimilarFlights } from "#app/flights/similar-flights.server";
import { getRequestI18n } from "#app/i18n.server";
import { checkout, type CheckoutRefusal, unavailableReason } from "#app/orders/checkout.server";
import { checkoutSchema } from "#app/orders/checkout-forms";
import { clientKeyOf } from "#app/utils/client-key.server";
import { countryChoices } from "#app/utils/countries";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { orderPagePath } from "#app/utils/order-urls";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, invariantResponse } from "#app/utils/responses.server";
import { useTranslation } from "#app/utils/translations";

import { CheckoutForm } from "./checkout-form";
import { FlightSummary, UnavailablePanel } from "./flight-summary";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const flightId = boundedParam(params.flightId);
  const now = context.now();
  const found = flightId ? await findFlightWithCarrier(context.db, flightId, now) : null;
  invariantResponse(found, () => t("booking.notFound.title"), 404);
  const { flight } = found;
  const unavailable = unavailableReason(flight, now);
  return {
    flight,
    unavailable,
    // Named before payment (docs/orders.md 'The operating carrier'); undefined when it cannot be booked.
    carrier: unavailable ? undefined : found.carrier,
    // Cancelled (decision 032): similar flights and the prefilled request; sold out (and so the
    // waitlist's confirmation, which comes back here): similar flights.
    waysForward: unavailable === "cancelled" ? await waysForward(context, flight.id) : null,
    similarFlights: unavailable === "soldOut" ? await findSimilarFlights(context, flight.id) : [],
    waitlisted:
      user && unavailable === "soldOut"
        ? (await waitlistedFlightIds(context.db, user.id, [flight.id])).length > 0
        : false,
    // The seats offered divide the total, whatever is sold (docs/payments.md 'Prices').
    pricePerPerson: pricePerPerson(flight),
    aircraftPrice: totalPrice(flight.flightTime, flight.pricePerMinute),
    // Only while no live order holds a seat; the server refuses `choice=aircraft` otherwise.
    wholeAircraftOffered: wholeAircraftOffered(flight),
    holdMinutes: context.env.HOLD_MINUTES,
    countries: countryChoices(language),
    // Signed in: the order is theirs, and what the profile knows is filled in.
    prefill: user
      ? { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? "" }
      : {},
    // A double submit or a reload sends this key again: one order is created.
    idempotencyKey: crypto.randomUUID(),
    title: `${t("checkout.title")} – JetMalin`,
    description: t("checkout.metaDescription"),
  };
}

const REFUSALS: Record<CheckoutRefusal, { status: number; message: string }> = {
  notFound: { status: 404, message: "booking.notFound.title" },
  cancelled: { status: 409, message: "checkout.unavailable.cancelled" },
  departed: { status: 409, message: "checkout.unavailable.departed" },
  soldOut: { status: 409, message: "checkout.unavailable.soldOut" },
  changed: { status: 409, message: "checkout.errors.changed" },
  rateLimited: { status: 429, message: "checkout.errors.rateLimited" },
  tooManyUnpaidOrders: { status: 429, message: "checkout.errors.tooManyUnpaidOrders" },
  tooManyUnpaidSeats: { status: 429, message: "checkout.errors.tooManyUnpaidSeats" },
  duplicate: { status: 409, message: "checkout.errors.duplicate" },
  failed: { status: 500, message: "checkout.errors.generic" },
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  const submission = await parseRequest(request, { schema: checkoutSchema });
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const flightId = boundedParam(params.flightId);
  invariantResponse(flightId, () => t("booking.notFound.title"), 404);
  if (submission.status !== "success") return replyToForm(context, submission);
  const clientKey = await clientKeyOf(request);
  const outcome = await checkout(context, {
    flightId,
    form: submission.value,
    userId: user?.id ?? null,
    language,
    clientKey,
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

/**
 * A refusal (404, 409) means the flight is not what the page showed: load it again, as a page
 * without JavaScript does, so the next `seenAvailableSeats` is today's (single fetch skips this after a 4xx).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 404 || actionStatus === 409 || defaultShouldRevalidate;

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const { flight, unavailable, pricePerPerson, aircraftPrice, countries, prefill, idempotencyKey } = data;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("catalogue");

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/empty-legs" className="text-sm font-semibold text-navy-700 underline">
        ← {t("checkout.back")}
      </Link>
      <FlightSummary flight={flight} withSeats={!unavailable} carrier={data.carrier} />
      {unavailable ? null : <RerouteLinks flightId={flight.id} />}
      {unavailable ? (
        <UnavailablePanel
          reason={unavailable}
          flight={flight}
          waitlisted={data.waitlisted}
          waysForward={data.waysForward}
          similar={data.similarFlights}
        />
      ) : (
        <CheckoutForm
          lastResult={actionData?.result}
          wholeAircraftOffered={data.wholeAircraftOffered}
          holdMinutes={data.holdMinutes}
          availableSeats={flight.availableSeats}
          pricePerPerson={pricePerPerson}
          aircraftPrice={aircraftPrice}
          countries={countries}
          prefill={prefill}
          idempotencyKey={idempotencyKey}
        />
      )}
    </div>
  );
}

/** The leg flown from or to another airport (docs/decisions/059-rerouted-legs.md): a request, answered with an offer. */
function RerouteLinks({ flightId }: { flightId: string }) {
  const { t } = useTranslation("catalogue");
  return (
    <nav aria-label={t("checkout.reroute.label")} className="mt-4 flex flex-wrap gap-4 text-sm font-semibold">
      <Link to={`/checkout/${flightId}/reroute?end=departure`} className="text-navy-700 underline">
        {t("checkout.reroute.departure")}
      </Link>
      <Link to={`/checkout/${flightId}/reroute?end=arrival`} className="text-navy-700 underline">
        {t("checkout.reroute.arrival")}
      </Link>
    </nav>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return (
    <NotFoundPanel
      title={t("booking.notFound.title")}
      text={t("booking.notFound.text")}
      linkTo="/empty-legs"
      linkLabel={t("checkout.unavailable.browse")}
    />
  );
}
