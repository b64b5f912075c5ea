// Traces recorded or loaded in this browser, kept in IndexedDB: a list of what each one is, and
// the file itself apart, so the list never reads the (possibly large) files.

export interface Recording {
  id: number;
  name: string;
  /** Bytes. */
  size: number;
  durationMs: number;
  savedAt: string;
}

const DB_NAME = 'fleet-console-traces';
const LIST = 'recordings';
const FILES = 'files';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(LIST, { keyPath: 'id', autoIncrement: true });
      open.result.createObjectStore(FILES);
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opened = null;
      reject(open.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opened;
}

async function transaction<T>(mode: IDBTransactionMode, work: (list: IDBObjectStore, files: IDBObjectStore) => Promise<T>): Promise<T> {
  const tx = (await database()).transaction([LIST, FILES], mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(tx.objectStore(LIST), tx.objectStore(FILES));
  await done;
  return result;
}

/** The duration of a trace: the `t` of its last line (lines are in `t` order). */
export function traceDuration(text: string): number {
  const end = text.trimEnd();
  const last = end.slice(end.lastIndexOf('\n') + 1);
  try {
    const t = (JSON.parse(last) as { t?: unknown }).t;
    return typeof t === 'number' && Number.isFinite(t) ? t : 0;
  } catch {
    return 0;
  }
}

export const listRecordings = (): Promise<Recording[]> =>
  transaction('readonly', async (list) => ((await request(list.getAll())) as Recording[]).sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.id - a.id));

export function saveRecording(name: string, file: Blob, durationMs: number): Promise<Recording> {
  return transaction('readwrite', async (list, files) => {
    const entry = { name, size: file.size, durationMs, savedAt: new Date().toISOString() };
    const id = (await request(list.add(entry))) as number;
    await request(files.put(file, id));
    return { id, ...entry };
  });
}

export const recordingFile = (id: number): Promise<Blob | undefined> => transaction('readonly', (_, files) => request(files.get(id) as IDBRequest<Blob | undefined>));

export function renameRecording(id: number, name: string): Promise<void> {
  return transaction('readwrite', async (list) => {
    const entry = (await request(list.get(id))) as Recording | undefined;
    if (entry) await request(list.put({ ...entry, name }));
  });
}

export function deleteRecording(id: number): Promise<void> {
  return transaction('readwrite', async (list, files) => {
    await request(list.delete(id));
    await request(files.delete(id));
  });
}
