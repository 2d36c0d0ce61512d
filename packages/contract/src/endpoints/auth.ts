import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const authEndpoints = {} as const;
