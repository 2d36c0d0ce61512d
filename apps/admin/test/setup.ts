import { resetConfig } from '@bahtdesk/ui/api';
import { freshPageEachTest } from '@bahtdesk/ui/testing';
import { closeLiveEvents } from '../src/lib/live.ts';
import { resetState } from '../src/lib/store.ts';

/**
 * Every console test starts from a fresh page (the kit's setup: storage, cookies, hash,
 * `<html lang>`; a console.error or console.warn fails the test), with the client state re-read,
 * the API address forgotten and no live stream open.
 */
freshPageEachTest(() => {
  closeLiveEvents();
  resetState();
  resetConfig();
});
