/* The page's state: one object shared by the screens, and the hook that redraws them. */

export const S = {
  id: null, // the match on screen
  token: null, // the token this phone uses for it
  canWrite: false,
  match: null, // the match as last read (GET /v1/matches/{id})
  events: [],
  lastSeq: 0,
  ledger: [],
  ledgerVersion: -1,
  tab: "play",
  anyCard: false,
  setup: null, // recording the hands or the exchange before the first card
  declaring: null, // a declaration being filled in
  voiding: null, // deal number whose void form is open
  voidText: "",
  busy: false,
  timer: null,
};

const renderers = [];

/** Register a function that redraws part of the page from `S` (app.js registers the screens). */
export function onRender(fn) {
  renderers.push(fn);
}

/** Redraw the match screens from `S`. */
export function render() {
  if (!S.match) return;
  for (const fn of renderers) fn();
}
