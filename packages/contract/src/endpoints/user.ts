import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const userEndpoints = {} as const;
