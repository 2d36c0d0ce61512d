import { BANKS, E, homeEndpoints, NETWORKS } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { visitorCountry } from './country.ts';

/** The networks and banks never change while the process runs. */
const networksAndBanks = {
  networks: NETWORKS.map(({ id, name, standard, format }) => ({ id, name, standard, format })),
  banks: BANKS.map(({ code, botCode, en, th, accountDigits }) => ({ code, botCode, en, th, accountDigits })),
};

/**
 * The public read calls (no sign-in): maintenance switch, rates, news, pages, chat contact,
 * networks and banks, answered from memory (public-reads.ts). `maintenanceStatus` answers in
 * maintenance too: it is how the browser learns about it.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { publicReads } = app.services;

  defineRoute(app, homeEndpoints.maintenanceStatus, async ({ req }) => ({
    status: await publicReads.setting('maintenance'),
    header: { country: visitorCountry(req.headers, app.config.trustProxy) },
  }));

  defineRoute(app, homeEndpoints.getRate, () => publicReads.rates());

  defineRoute(app, homeEndpoints.getNews, async ({ query }) => {
    const items = await publicReads.news({ limit: query.limit, id: query.id });
    if (query.id !== undefined && items.length === 0) throw new AppError(E.NEWS_NOT_FOUND);
    return { items };
  });

  defineRoute(app, homeEndpoints.getHtmlPage, async ({ query }) => {
    const page = await publicReads.page(query.link);
    if (!page) throw new AppError(E.HTML_PAGE_NOT_FOUND);
    return page;
  });

  defineRoute(app, homeEndpoints.contactUs, async () => {
    const link = await publicReads.setting('chatLink');
    if (!link) throw new AppError(E.SETTINGS_NOT_FOUND);
    return { line: { link } };
  });

  defineRoute(app, homeEndpoints.getNetworkBank, async () => networksAndBanks);
}
