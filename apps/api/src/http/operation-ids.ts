import {
  adminEndpoints,
  type Endpoint,
  fileEndpoints,
  memberEndpoints,
  memberLiveEndpoints,
  publicLiveEndpoints,
} from '@bahtdesk/contract';

/**
 * The OpenAPI operationId of each contract endpoint: its name in the contract (`getRate`,
 * `logout`), a back-office call's after `admin.` (`admin.setRates`, `admin.staffLogout`). Names are
 * unique within each map, so every id is unique, and a client generator names its functions as
 * the apps call them.
 */
export const OPERATION_IDS: ReadonlyMap<Endpoint, string> = new Map<Endpoint, string>([
  ...Object.entries({
    ...memberEndpoints,
    ...fileEndpoints,
    ...publicLiveEndpoints,
    ...memberLiveEndpoints,
  }).map(([name, e]): [Endpoint, string] => [e, name]),
  ...Object.entries(adminEndpoints).map(([name, e]): [Endpoint, string] => [e, `admin.${name}`]),
]);
