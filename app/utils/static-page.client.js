// The script of a page served without React: docs/decisions/041-home-without-react-signed-out.md. Written as the
// browser runs it: it is served as it is, not bundled.

const PLACE_KEY = "jm-place";
const CHANGING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);
const CLEARS = { from: ["to", "date"], to: ["date"] };

function keepPlace() {
  const focused = document.activeElement;
  const place = { path: location.pathname, y: scrollY, id: focused && focused.id ? focused.id : "", at: Date.now() };
  try {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify(place));
  } catch {
    // Storage refused (private mode): the page opens at its top, as without JavaScript.
  }
}

function restorePlace() {
  let place = null;
  try {
    place = JSON.parse(sessionStorage.getItem(PLACE_KEY) || "null");
    sessionStorage.removeItem(PLACE_KEY);
  } catch {
    return;
  }
  if (!place || place.path !== location.pathname || Date.now() - place.at > 60000 || location.hash) return;
  scrollTo(0, place.y);
  const target = (place.id && document.getElementById(place.id)) || document.getElementById("main");
  if (target) target.focus({ preventScroll: true });
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target && target.closest("button[aria-disabled='true']")) event.preventDefault();
  else if (target && target.closest("a[data-keep-place]") && !event.defaultPrevented) keepPlace();
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
  if (form.dataset.pending) {
    event.preventDefault();
    return;
  }
  form.dataset.pending = "true";
  form.setAttribute("aria-busy", "true");
  keepPlace();
  if (form.method === "get") {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form, event.submitter)) {
      const field = form.elements.namedItem(name);
      const omitted = field instanceof HTMLElement ? field.dataset.default || "" : "";
      if (typeof value === "string" && value !== "" && value !== omitted) query.append(name, value);
    }
    const target = new URL(form.action);
    target.search = query.toString();
    location.assign(target.href);
    return;
  }
  const button = event.submitter;
  // After the browser took the form's data: a disabled button's name and value would be left out.
  if (button instanceof HTMLButtonElement && !button.disabled) {
    setTimeout(() => {
      button.disabled = true;
      button.dataset.pending = "true";
    });
  }
});

addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const form of document.querySelectorAll("form[data-pending]")) {
    delete form.dataset.pending;
    form.removeAttribute("aria-busy");
  }
  for (const button of document.querySelectorAll("button[data-pending]")) {
    delete button.dataset.pending;
    button.disabled = false;
  }
});

for (const form of document.querySelectorAll("form[data-search]")) {
  let byKeyboard = false;
  const apply = (select) => {
    for (const name of CLEARS[select.name] || []) {
      const dependent = form.elements.namedItem(name);
      if (dependent instanceof HTMLSelectElement) dependent.value = "";
    }
    form.requestSubmit();
  };
  form.addEventListener("keydown", (event) => {
    if (!(event.target instanceof HTMLSelectElement)) return;
    if (event.key === "Enter") {
      event.preventDefault();
      apply(event.target);
    } else {
      byKeyboard = CHANGING_KEYS.has(event.key) || event.key.length === 1;
    }
  });
  form.addEventListener("pointerdown", () => {
    byKeyboard = false;
  });
  // A choice made before this script ran reached no handler: apply what the selects show.
  const changed = [...form.querySelectorAll("select")].find((select) => {
    const rendered = [...select.options].find((option) => option.defaultSelected);
    return !select.disabled && rendered !== undefined && select.value !== rendered.value;
  });
  if (changed) apply(changed);
  form.addEventListener("change", (event) => {
    if (event.target instanceof HTMLSelectElement && !byKeyboard) apply(event.target);
    byKeyboard = false;
  });
}

// The offer tabs: the server's links become ARIA tabs, with the arrow keys (routes/home/offer-tabs.tsx).
for (const list of document.querySelectorAll("nav[data-tabs]")) {
  const tabs = [...list.querySelectorAll("a[data-tab]")];
  const panelOf = (tab) => document.getElementById(tab.dataset.tab);
  const select = (chosen) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute("aria-selected", String(selected));
      tab.removeAttribute("aria-current");
      tab.tabIndex = selected ? 0 : -1;
      tab.className = selected ? list.dataset.on : list.dataset.off;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !selected;
    }
  };
  list.setAttribute("role", "tablist");
  for (const tab of tabs) {
    tab.id = `${tab.dataset.tab}-tab`;
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", tab.dataset.tab);
    const panel = panelOf(tab);
    if (panel) {
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", tab.id);
    }
    tab.addEventListener("click", (event) => {
      event.preventDefault();
      select(tab);
    });
  }
  list.addEventListener("keydown", (event) => {
    const index = tabs.indexOf(document.activeElement);
    if (index < 0 || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const last = tabs.length - 1;
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = event.key === "Home" ? 0 : event.key === "End" ? last : (index + step + tabs.length) % tabs.length;
    select(tabs[next]);
    tabs[next].focus();
  });
  select(tabs.find((tab) => tab.getAttribute("aria-current") === "page") || tabs[0]);
}

const toasts = () => document.querySelectorAll("[data-toast]");
for (const toast of toasts()) {
  const close = toast.querySelector("[data-toast-close]");
  if (close) close.addEventListener("click", () => toast.remove());
  const duration = Number(toast.dataset.toast);
  if (duration > 0) setTimeout(() => toast.remove(), duration);
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  // Without moving focus: a toast may lie over a control (WCAG 2.4.11).
  for (const toast of toasts()) toast.remove();
  const menu = event.target instanceof Element ? event.target.closest("header details[open]") : null;
  if (menu) {
    menu.open = false;
    const summary = menu.querySelector("summary");
    if (summary) summary.focus();
  }
});

restorePlace();
document.documentElement.dataset.hydrated = "true";

// The installable app's worker (public/sw.js), as entry.client.tsx registers it on the hydrated pages.
if ("serviceWorker" in navigator) {
  addEventListener(
    "load",
    () => {
      navigator.serviceWorker.register("/sw.js").catch(() => {});
    },
    { once: true },
  );
}
