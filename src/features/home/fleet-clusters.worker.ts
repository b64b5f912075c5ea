// The home map's clusterer in its own thread (see fleet-clusters.ts).
import { createClusterer, receivePosted, type PostedClusterRequest } from './fleet-clusters';

const answer = receivePosted(createClusterer());

self.onmessage = (event: MessageEvent<PostedClusterRequest>) => {
  self.postMessage(answer(event.data));
};
