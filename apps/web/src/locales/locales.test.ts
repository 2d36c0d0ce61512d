import { translationParity } from '@bahtdesk/ui/testing/translations';

translationParity(import.meta.dirname);
