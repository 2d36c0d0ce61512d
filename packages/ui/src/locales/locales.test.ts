import { translationParity } from '../../test/translations.ts';

// The kit's own words (ui.json), checked as each app checks its catalogues.
translationParity(import.meta.dirname);
