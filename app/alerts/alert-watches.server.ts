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
