import { resetConfig } from '@bahtdesk/ui/api';
import { freshPageEachTest } from '@bahtdesk/ui/testing';
import { resetLanguage } from '../src/lib/i18n.ts';
import { resetState } from '../src/lib/store.ts';

/**
 * Every web test starts from a fresh page (the kit's setup: storage, cookies, hash, `<html lang>`;
 * a console.error or console.warn fails the test), with the client state re-read, the API address
 * forgotten and no language detected yet.
 */
freshPageEachTest(() => {
  resetState();
  resetConfig();
  resetLanguage();
});
