import { apiBase, createEventStream } from '@bahtdesk/ui/api';
import { api } from './endpoints.ts';
import { getState } from './store.ts';

/** The console's one connection to `GET /api/admin/events` (decision 0011): every live event. */
const stream = createEventStream({
  url: async () => `${await apiBase()}${api.events.path}`,
  token: () => getState().token,
});

/** Calls `listener` whenever one of `names` arrives (and after a reconnection). */
export const onLiveEvents = stream.on;

/** Closes the stream (sign-out): the next listener opens it again with the new token. */
export const closeLiveEvents = stream.close;
