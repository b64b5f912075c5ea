import { createClusterer, type ClusterAnswer, type ClusterRequest, type PostedClusterRequest } from './fleet-clusters';

type Ask = ClusterRequest extends infer R ? (R extends ClusterRequest ? Omit<R, 'request'> : never) : never;

/** The map's handle on the clusterer: in a Web Worker where the browser has them, else in the page. */
export interface FleetClusterer {
  /** Answers come in the order asked; each carries the number `ask` returned. */
  ask(request: Ask): number;
  close(): void;
}

export function startFleetClusterer(onAnswer: (answer: ClusterAnswer) => void): FleetClusterer {
  let next = 0;
  let inPage: ((request: ClusterRequest) => ClusterAnswer) | null = null;
  let worker: Worker | null = null;
  let lastLoad: ClusterRequest | null = null;
  const pending = new Map<number, ClusterRequest>();
  /** The ids of the last load the worker got, so a load of the same vehicles posts none. */
  let postedIds: readonly string[] | null = null;
  const posted = (request: ClusterRequest): PostedClusterRequest => {
    if (request.type !== 'load') return request;
    const { ids } = request.points;
    if (postedIds?.length === ids.length && ids.every((id, i) => id === postedIds![i])) return { ...request, points: { ...request.points, ids: null } };
    postedIds = ids;
    return request;
  };

  // Answer in the page from now on: the worker could not start or failed.
  const fallBack = (): void => {
    worker?.terminate();
    worker = null;
    inPage = createClusterer();
    if (lastLoad && !pending.has(lastLoad.request)) inPage(lastLoad);
    const waiting = [...pending.values()];
    pending.clear();
    for (const request of waiting) onAnswer(inPage(request));
  };

  if (typeof Worker === 'undefined') inPage = createClusterer();
  else {
    try {
      worker = new Worker(new URL('./fleet-clusters.worker.ts', import.meta.url), { type: 'module', name: 'fleet-clusters' });
      worker.onmessage = (event: MessageEvent<ClusterAnswer>) => {
        pending.delete(event.data.request);
        onAnswer(event.data);
      };
      worker.onerror = fallBack;
    } catch {
      inPage = createClusterer();
    }
  }

  return {
    ask(ask) {
      next += 1;
      const request = { ...ask, request: next } as ClusterRequest;
      if (request.type === 'load') lastLoad = request;
      if (inPage) {
        const answer = inPage(request);
        queueMicrotask(() => onAnswer(answer));
      } else {
        pending.set(request.request, request);
        worker?.postMessage(posted(request));
      }
      return next;
    },
    close() {
      worker?.terminate();
      worker = null;
      pending.clear();
    },
  };
}
