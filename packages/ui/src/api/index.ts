export { ApiError } from './ApiError.ts';
export { handledGlobally, NO_ENVELOPE, SESSION_ENDED, UNAVAILABLE } from './codes.ts';
export {
  type ApiClient,
  type ApiClientOptions,
  type Call,
  type CallOptions,
  createApiClient,
  type EndpointTable,
  type PendingState,
  type Route,
  type RouteTable,
} from './createApiClient.ts';
export { createEventStream, type EventStream, parseEvents } from './eventStream.ts';
export {
  type ApiState,
  createQueries,
  type Queries,
  type QueriesOptions,
  type QueryOptions,
  type QuerySchedule,
  type QueryState,
  queryKey,
  type StaleTable,
  useQuery,
} from './queries.ts';
export { apiBase, resetConfig } from './runtimeConfig.ts';
