export {
  isNewsletterConfirmTokenValid,
  findSubscriberByToken,
  confirmNewsletterSubscription,
  requestNewsletterSubscription,
  unsubscribeFromNewsletter,
} from "./requests.queries.server";
