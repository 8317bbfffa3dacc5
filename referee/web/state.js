// @ts-check
/* The page's state: one object shared by the screens, and the hook that redraws them. */

export const S = {
  id: null, // the match on screen
  token: null, // the token this phone uses for it
  canWrite: false,
  match: null, // the match as last heard from the referee (a read, a write's answer, the stream)
  ledger: [], // GET /v1/matches/{id}/ledger items, as last read
  ledgerVersion: -1, // the match version the ledger was read at
  ledgerKey: null, // what of the match changes the ledger (match.js ledgerKeyOf)
  pending: [], // writes waiting in the queue (writes.js), oldest first
  conflict: null, // {entry, match}: a 412 holds the queue until the player keeps or drops it
  clash: null, // {entry, problem, me}: a 409 (the place is taken) holds it until the player chooses
  tab: "play",
  irregular: false, // "something irregular happened": every card, who acted (screens/anyway.js)
  actor: null, // the player named for the next bid or card (null: whose turn it is)
  anyway: null, // the step being recorded anyway: {step, label, status, dry…}
  setup: null, // recording the hands or the exchange before the first card
  declaring: null, // a declaration being filled in
  voiding: null, // deal number whose void form is open
  voidText: "",
  busy: false, // a write is on its way
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
