import type account from './en/account.json';
import type calculator from './en/calculator.json';
import type common from './en/common.json';
import type forgotPassword from './en/forgotPassword.json';
import type history from './en/history.json';
import type home from './en/home.json';
import type limits from './en/limits.json';
import type news from './en/news.json';
import type signIn from './en/signIn.json';
import type signUp from './en/signUp.json';
import type transaction from './en/transaction.json';

/**
 * The namespaces, typed from the English files (the source); Thai has exactly the same keys
 * (locales.test.ts). A new namespace: add en/<ns>.json and th/<ns>.json, then list it here.
 */
export interface Resources {
  common: typeof common;
  home: typeof home;
  news: typeof news;
  calculator: typeof calculator;
  signIn: typeof signIn;
  signUp: typeof signUp;
  forgotPassword: typeof forgotPassword;
  account: typeof account;
  transaction: typeof transaction;
  history: typeof history;
  limits: typeof limits;
}
