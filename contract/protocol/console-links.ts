// The console pages the server hands out links to, and the query parameters those pages read: the
// server builds the links (at its public origin), the console reads them.
export const SHARE_LINK = { path: '/share', param: 'tk' } as const;
/** A wall display's link carries its token; a playlist's link names the playlist. */
export const WALL_LINK = { path: '/wall', displayParam: 'display', playlistParam: 'playlist' } as const;
