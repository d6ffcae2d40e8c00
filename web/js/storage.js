// The Storage the page keeps its encounters and stat blocks in: the browser's local storage, or one kept in memory
// where the browser refuses any. Pure: no DOM, no imports, so the unit tests run it in Node.

// A Storage kept in memory: the tests' storage, and the page's when the browser refuses it any (then nothing
// outlives the tab, and the page says so).
export class MemoryStorage {
  constructor(quota = Infinity) {
    this.items = new Map();
    this.quota = quota;   // characters, keys and values together, as browsers count
  }

  get length() { return this.items.size; }
  key(index) { return [...this.items.keys()][index] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  removeItem(key) { this.items.delete(key); }
  clear() { this.items.clear(); }

  setItem(key, value) {
    const text = String(value);
    let used = key.length + text.length;
    for (const [other, stored] of this.items) if (other !== key) used += other.length + stored.length;
    if (used > this.quota) {
      const error = new Error("The quota has been exceeded.");
      error.name = "QuotaExceededError";
      throw error;
    }
    this.items.set(key, text);
  }
}

// The browser's local storage, or, where it refuses any (some private modes, storage turned off), one in memory
// and the reason: {storage, refused}. The same one every time it is asked: the encounters and the stat blocks are
// kept (and backed up) together even when only in memory.
let opened = null;

export function openStorage() {
  if (opened) return opened;
  try {
    const storage = globalThis.localStorage;
    storage.getItem("woundbook.last");
    opened = { storage, refused: null };
  } catch (error) {
    opened = { storage: new MemoryStorage(), refused: { name: error?.name ?? "Error", message: error?.message ?? String(error) } };
  }
  return opened;
}
