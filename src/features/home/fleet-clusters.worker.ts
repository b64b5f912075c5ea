// The home map's clusterer in its own thread (see fleet-clusters.ts).
import { createClusterer, type ClusterRequest } from './fleet-clusters';

const answer = createClusterer();

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  self.postMessage(answer(event.data));
};
