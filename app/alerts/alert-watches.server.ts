/** The routes a user watches (flight alerts) and their cap, as the profile reads and changes them. */
export {
  addUserWatch,
  getUserAlertCap,
  listAlertPlaces,
  listUserWatches,
  removeUserWatch,
  setUserAlertCap,
  type AlertPlace,
  type AlertWatch,
} from "./alert-watches.queries.server";
