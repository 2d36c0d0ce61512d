import type audit from './en/audit.json';
import type common from './en/common.json';
import type compliance from './en/compliance.json';
import type content from './en/content.json';
import type dashboard from './en/dashboard.json';
import type kyc from './en/kyc.json';
import type members from './en/members.json';
import type orders from './en/orders.json';
import type proofs from './en/proofs.json';
import type proposals from './en/proposals.json';
import type rates from './en/rates.json';
import type reports from './en/reports.json';
import type risk from './en/risk.json';
import type settings from './en/settings.json';
import type signIn from './en/signIn.json';
import type staff from './en/staff.json';

/**
 * The namespaces, typed from the English files (the source); Thai has exactly the same keys
 * (locales.test.ts). A new namespace: add en/<ns>.json and th/<ns>.json, then list it here.
 */
export interface Resources {
  common: typeof common;
  signIn: typeof signIn;
  dashboard: typeof dashboard;
  rates: typeof rates;
  content: typeof content;
  settings: typeof settings;
  members: typeof members;
  kyc: typeof kyc;
  orders: typeof orders;
  reports: typeof reports;
  compliance: typeof compliance;
  audit: typeof audit;
  staff: typeof staff;
  risk: typeof risk;
  proofs: typeof proofs;
  proposals: typeof proposals;
}
