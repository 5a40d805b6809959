/**
 * The stand-in for the live views' full Firestore SDK (entities/live-firestore.ts) in every web
 * test: by default it never loads, so a view stays as it read itself, as when the SDK is slow.
 * A test of a live view calls `fakeLive.load()`, finds the listener the view opened
 * (`fakeLive.listeners`) and sends it snapshots: the documents now in its query, and the changes
 * since the previous snapshot computed as Firestore would.
 */
interface Target {
  path: string;
  constraints: unknown[];
}
interface FakeDoc {
  id: string;
  data(): Record<string, unknown>;
}
export interface FakeListener {
  target: Target;
  /** The documents of its last snapshot, by id. */
  current: Map<string, Record<string, unknown>>;
  next(snapshot: unknown): void;
  stopped: boolean;
  /** Opened with `includeMetadataChanges`: told when only `fromCache` changed. */
  metadata: boolean;
  /** `fromCache` of the last snapshot it was told (undefined before the first). */
  fromCache?: boolean;
}

const listeners: FakeListener[] = [];
let loaded: ((live: unknown) => void) | null = null;
let pending: Promise<unknown> = new Promise(() => undefined);

const sdk = {
  collection: (_db: unknown, path: string) => ({ path, constraints: [] }),
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/'), constraints: [] }),
  where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
  orderBy: (field: string, direction = 'asc') => ({ orderBy: [field, direction] }),
  limit: (count: number) => ({ limit: count }),
  query: (ref: Target, ...constraints: unknown[]) => ({
    path: ref.path,
    constraints: [...ref.constraints, ...constraints],
  }),
  onSnapshot(
    target: Target,
    ...args:
      [(snapshot: unknown) => void, unknown?] | [object, (snapshot: unknown) => void, unknown?]
  ) {
    // (target, next, error) or (target, options, next, error), as the SDK takes them.
    const options =
      typeof args[0] === 'function' ? {} : (args[0] as { includeMetadataChanges?: boolean });
    const next = (typeof args[0] === 'function' ? args[0] : args[1]) as (snapshot: unknown) => void;
    const listener: FakeListener = {
      target,
      current: new Map(),
      next,
      stopped: false,
      metadata: options.includeMetadataChanges === true,
    };
    listeners.push(listener);
    return () => {
      listener.stopped = true;
    };
  },
};

const asDoc = (id: string, data: Record<string, unknown>): FakeDoc => ({ id, data: () => data });

export const fakeLive = {
  /** Every listener opened since the test began (stopped ones included, marked). */
  listeners,
  /** The SDK arrives: listeners asked for from now on (and waiting ones) open. */
  load() {
    loaded?.({ sdk, db: {} });
  },
  /**
   * Sends `listener` a query snapshot holding `docs` (id to data): added, modified and removed
   * changes are those against its previous snapshot (a document is modified when its data is
   * another object). `fromCache`: the SDK's answer from its own cache, as when offline (or when
   * listening again to orders it kept). As the SDK does, a snapshot that changes nothing is not
   * told, unless only `fromCache` changed and the listener asked for metadata changes.
   */
  send(
    listener: FakeListener,
    docs: Record<string, Record<string, unknown>>,
    { fromCache = false }: { fromCache?: boolean } = {},
  ) {
    const changes = [
      ...Object.entries(docs).flatMap(([id, data]) => {
        const before = listener.current.get(id);
        if (before === data) return [];
        return [{ type: before ? 'modified' : 'added', doc: asDoc(id, data) }];
      }),
      ...[...listener.current.entries()]
        .filter(([id]) => !(id in docs))
        .map(([id, data]) => ({ type: 'removed', doc: asDoc(id, data) })),
    ];
    listener.current = new Map(Object.entries(docs));
    const told = listener.fromCache;
    const news =
      told === undefined || changes.length > 0 || (listener.metadata && told !== fromCache);
    if (!news) return;
    listener.fromCache = fromCache;
    listener.next({
      docs: Object.entries(docs).map(([id, data]) => asDoc(id, data)),
      docChanges: () => changes,
      metadata: { fromCache, hasPendingWrites: false },
    });
  },
  reset() {
    listeners.length = 0;
    pending = new Promise((resolve) => (loaded = resolve));
  },
};

/** Tests start listening at once. */
export const LIVE_DWELL_MS = 0;

export function liveFirestore(): Promise<unknown> {
  return pending;
}
