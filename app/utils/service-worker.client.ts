// The installable app's worker (public/sw.js, docs/decisions/053-installable-app.md), registered once the page
// has loaded so that it never competes with the first paint. The page served without React registers it too.
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Refused (private mode, a policy): the site works as before, without the offline page.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
