// @ts-check
/* The write queue's storage: IndexedDB (survives a reload and a closed tab), or memory when
 * the browser has none (private mode). Entries: {n, match, path, body, key, base, label (a
 * phrase, language.js; a text in entries stored before), at, who, moved}. */

const DB = "referee-table";
const STORE = "writes";
let opened = null;
let memory = null; // the fallback: [{n, …}]
let memoryN = 0;

function open() {
  if (opened) return opened;
  opened = new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(DB, 1);
    } catch (error) {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "n", autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  }).then((db) => {
    if (!db) memory = [];
    return db;
  });
  return opened;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(mode) {
  const db = await open();
  return db ? db.transaction(STORE, mode).objectStore(STORE) : null;
}

/** Every entry kept for match `id`, oldest first. */
export async function entries(id) {
  const s = await store("readonly");
  const all = s ? await done(s.getAll()) : memory.slice();
  return all.filter((e) => e.match === id).sort((a, b) => a.n - b.n);
}

/** Keep `entry` (without `n`); resolves to the entry with its number. */
export async function add(entry) {
  const s = await store("readwrite");
  if (!s) {
    const kept = { ...entry, n: ++memoryN };
    memory.push(kept);
    return kept;
  }
  const n = await done(s.add(entry));
  return { ...entry, n };
}

/** Replace an entry (same `n`), or keep a new one under the `n` it names (a number between
 * two others puts it between them: entries() sorts by `n`). */
export async function put(entry) {
  const s = await store("readwrite");
  if (!s) {
    memory = [...memory.filter((e) => e.n !== entry.n), entry];
    return;
  }
  await done(s.put(entry));
}

/** Forget entry number `n`. */
export async function remove(n) {
  const s = await store("readwrite");
  if (!s) {
    memory = memory.filter((e) => e.n !== n);
    return;
  }
  await done(s.delete(n));
}
