import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const transactionEndpoints = {} as const;
