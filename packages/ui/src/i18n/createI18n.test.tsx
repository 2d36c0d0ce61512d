import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { createStore } from '../store/createStore.ts';
import { catalogueLoaders } from './catalogue.ts';
import { createI18n, type I18n, type LanguageState, useTranslation } from './createI18n.tsx';

const en = { app: { title: 'Desk' }, greeting: 'Hello {{name}}' };
const th = { app: { title: 'โต๊ะ' }, greeting: 'สวัสดี {{name}}' };
type Resources = { common: typeof en };

function setup() {
  const store = createStore<LanguageState>(() => ({ language: 'en', forceLanguage: null }));
  const i18n = createI18n<Resources>({
    store,
    bundled: { 'en/common': en },
    loaders: catalogueLoaders({ '../locales/th/common.json': async () => th }),
    shell: ['common'],
    title: (t) => t('common', 'app.title'),
  });
  return { store, i18n };
}

function Greeting({ i18n }: { i18n: I18n<Resources> }) {
  const t = useTranslation(i18n, 'common');
  return <p>{t('greeting', { name: 'Somchai' })}</p>;
}

function Title({ i18n }: { i18n: I18n<Resources> }) {
  return <h1>{useTranslation(i18n, 'common')('app.title')}</h1>;
}

describe('i18n', () => {
  it('translates with placeholders, and answers the key for a missing string', async () => {
    const { i18n } = setup();
    render(
      <Suspense fallback={null}>
        <Greeting i18n={i18n} />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Somchai')).toBeTruthy();
    expect(i18n.t('common', 'app.missing')).toBe('app.missing');
  });

  it('applies a language: loads its catalogues, then sets <html lang>, the cookie, the state and the title', async () => {
    const { store, i18n } = setup();
    render(
      <Suspense fallback={null}>
        <Title i18n={i18n} />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Desk' })).toBeTruthy();
    await act(() => i18n.applyLanguage('th'));
    expect(screen.getByRole('heading', { name: 'โต๊ะ' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('th');
    expect(document.cookie).toContain('lang=th');
    expect(store.getState().language).toBe('th');
    expect(document.title).toBe('โต๊ะ');
  });

  it('sends no Accept-Language until a language is chosen, remembered or applied', async () => {
    const { store, i18n } = setup();
    expect(i18n.requestLanguage()).toBeUndefined();
    await i18n.chooseLanguage('th');
    expect(store.getState().forceLanguage).toBe('th');
    expect(i18n.requestLanguage()).toBe('th');
  });
});
