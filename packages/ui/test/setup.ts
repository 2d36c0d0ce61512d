import { resetConfig } from '../src/api/runtimeConfig.ts';
import { freshPageEachTest } from './freshPage.ts';

freshPageEachTest(resetConfig);
