import {
  BANKS,
  BUY_THB_MAX,
  BUY_THB_MIN,
  E,
  homeEndpoints,
  NETWORKS,
  SELL_USDT_MAX,
  SELL_USDT_MIN,
  toMoneyString,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { listPublishedNews } from '../news/news.ts';
import { findPage } from '../pages/pages.ts';
import { getSetting } from '../settings/settings.ts';
import { visitorCountry } from './country.ts';
import { currentRates } from './rates.ts';

/**
 * The public read calls (no sign-in): maintenance switch, rates, news, pages, chat contact,
 * networks and banks. `maintenanceStatus` answers in maintenance too: it is how the browser
 * learns about it.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  defineRoute(app, homeEndpoints.maintenanceStatus, async ({ req }) => ({
    status: await getSetting(db, 'maintenance'),
    header: { country: visitorCountry(req.headers, app.config.trustProxy) },
  }));

  defineRoute(app, homeEndpoints.getRate, async () => {
    const rates = await currentRates(db);
    if (!rates) throw new AppError(E.BUY_RATE_NOT_FOUND);
    return {
      buyRate: rates.buyRate,
      sellRate: rates.sellRate,
      sellFeePercent: rates.sellFeePercent,
      buyRange: { min: toMoneyString(BUY_THB_MIN), max: toMoneyString(BUY_THB_MAX) },
      sellRange: { min: toMoneyString(SELL_USDT_MIN), max: toMoneyString(SELL_USDT_MAX) },
      updatedAt: rates.updatedAt.toISOString(),
    };
  });

  defineRoute(app, homeEndpoints.getNews, async ({ query }) => {
    const items = await listPublishedNews(db, { limit: query.limit, id: query.id });
    if (query.id !== undefined && items.length === 0) throw new AppError(E.NEWS_NOT_FOUND);
    return { items };
  });

  defineRoute(app, homeEndpoints.getHtmlPage, async ({ query }) => {
    const page = await findPage(db, query.link);
    if (!page) throw new AppError(E.HTML_PAGE_NOT_FOUND);
    return page;
  });

  defineRoute(app, homeEndpoints.contactUs, async () => {
    const link = await getSetting(db, 'chatLink');
    if (!link) throw new AppError(E.SETTINGS_NOT_FOUND);
    return { line: { link } };
  });

  defineRoute(app, homeEndpoints.getNetworkBank, async () => ({
    networks: NETWORKS.map(({ id, name, standard, format }) => ({ id, name, standard, format })),
    banks: BANKS.map(({ code, botCode, en, th, accountDigits }) => ({
      code,
      botCode,
      en,
      th,
      accountDigits,
    })),
  }));
}
