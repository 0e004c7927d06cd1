/** The newsletter's subscribers: the double opt-in, its confirmation link and the unsubscribe link. */
export {
  isNewsletterConfirmTokenValid,
  findSubscriberByToken,
  confirmNewsletterSubscription,
  requestNewsletterSubscription,
  unsubscribeFromNewsletter,
} from "./requests.queries.server";
