// @ts-check
/* What this phone keeps: the matches it has opened, with their tokens (localStorage). */

const STORE_KEY = "referee.table.matches";

/** The matches kept on this phone, the most recent first: [{id, game, players, write, read, at}]. */
export function savedMatches() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
  } catch (error) {
    return [];
  }
}

/** The entry kept for match `id`, or an empty object. */
export function savedMatch(id) {
  return savedMatches().find((m) => m.id === id) || {};
}

/** Keep (or update) what this phone knows of a match; one entry per match. */
export function saveMatch(entry) {
  const list = savedMatches();
  const old = list.find((m) => m.id === entry.id) || {};
  const rest = list.filter((m) => m.id !== entry.id);
  rest.unshift({ ...old, ...entry, at: new Date().toISOString() });
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(rest.slice(0, 30)));
  } catch (error) {
    /* private mode: the link still works */
  }
}
