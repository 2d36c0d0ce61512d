import { adminEndpoints, type SettingKey, type SettingValue } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** The web settings staff edit (`/api/admin/settings`), one key per save. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { settings } = app.services;

  defineRoute(app, adminEndpoints.getSettings, () => settings.readDesk());
  defineRoute(app, adminEndpoints.saveSetting, async ({ body, req }) => {
    const proposal = await settings.set(
      staffActor(req, signedInStaff(req).staffId),
      body.key,
      body.value as SettingValue<SettingKey>,
    );
    return { ...(await settings.readDesk()), proposal };
  });
}
