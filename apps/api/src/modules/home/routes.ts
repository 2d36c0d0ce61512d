import { BANKS, E, homeEndpoints, NETWORKS } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { defineRoute, Kept } from '../../http/route.ts';
import { visitorCountry } from './country.ts';

/** The banks never change while the process runs; which networks the desk takes is a web setting. */
const banks = BANKS.map(({ code, botCode, en, th, accountDigits }) => ({
  code,
  botCode,
  en,
  th,
  accountDigits,
}));

/**
 * The public read calls (no sign-in): maintenance switch, rates, news, pages, chat contact,
 * networks and banks, answered from memory (public-reads.ts), each as a `Kept` answer, so its
 * serialised body is reused while the value lasts. `maintenanceStatus` answers in maintenance
 * too: it is how the browser learns about it.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { publicReads } = app.services;

  defineRoute(app, homeEndpoints.maintenanceStatus, async ({ req }) => {
    const status = await publicReads.setting('maintenance');
    // The country is two letters or '': one kept body per country and language at most.
    const country = visitorCountry(req.headers, app.config.trustProxy);
    return new Kept({ status: status.value, header: { country } }, status.bodies, country);
  });

  defineRoute(app, homeEndpoints.getRate, async () => {
    const rates = await publicReads.rates();
    return new Kept(rates.value, rates.bodies);
  });

  defineRoute(app, homeEndpoints.getNews, async ({ query }) => {
    const news = await publicReads.news({ limit: query.limit, id: query.id });
    if (query.id !== undefined && news.value.length === 0) throw new AppError(E.NEWS_NOT_FOUND);
    return new Kept({ items: news.value }, news.bodies);
  });

  defineRoute(app, homeEndpoints.getHtmlPage, async ({ query }) => {
    const page = await publicReads.page(query.link);
    if (!page.value) throw new AppError(E.HTML_PAGE_NOT_FOUND);
    return new Kept(page.value, page.bodies);
  });

  defineRoute(app, homeEndpoints.contactUs, async () => {
    const link = await publicReads.setting('chatLink');
    if (!link.value) throw new AppError(E.SETTINGS_NOT_FOUND);
    return new Kept({ line: { link: link.value } }, link.bodies);
  });

  defineRoute(app, homeEndpoints.getNetworkBank, async () => {
    const enabled = await publicReads.setting('enabledNetworks');
    const networks = NETWORKS.map(({ id, name, standard, format }) => ({
      id,
      name,
      standard,
      format,
      enabled: enabled.value.includes(id),
    }));
    return new Kept({ networks, banks }, enabled.bodies, 'networkBank');
  });
}
