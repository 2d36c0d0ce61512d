import { handledGlobally } from '@bahtdesk/ui/forms';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { unlockChime } from '../features/waiting/chime.ts';
import { useNewOrderChime, useWaiting, useWaitingTitle } from '../features/waiting/useWaiting.ts';
import { can, SCREENS, screensFor } from '../lib/access.ts';
import { call } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { signOut, startSession } from '../lib/session.ts';
import { setState, useAdminState } from '../lib/store.ts';

/** Loads the signed-in staff member once per page; a session whose sign-in is not finished starts over. */
function useProfile(): 'loading' | 'failed' | 'ready' {
  const token = useAdminState((s) => s.token);
  const profile = useAdminState((s) => s.profile);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!token || profile) return;
    let live = true;
    setFailed(false);
    call('me', { dialog: false })
      .then((me) => {
        if (!live) return;
        if (me.secondFactorDone) startSession(me);
        else void signOut();
      })
      .catch((error) => live && !handledGlobally(error) && setFailed(true));
    return () => {
      live = false;
    };
  }, [token, profile]);
  if (profile) return 'ready';
  return failed ? 'failed' : 'loading';
}

/**
 * The side navigation by role; Orders and Identity reviews show how many wait, the count part of
 * the link's name ("Orders, 3 waiting"), kept current by the event stream. The tab title carries
 * the total, and a new waiting order plays a tone when this browser turned the sound on.
 */
function SideNav() {
  const t = useT('common');
  const role = useAdminState((s) => s.profile?.role);
  const waiting = useWaiting();
  useWaitingTitle(waiting);
  useNewOrderChime(waiting);
  const countOf = (key: string) =>
    key === 'orders' ? waiting?.orders : key === 'kyc' ? waiting?.identity : undefined;
  return (
    <nav className="sidenav" aria-label={t('nav.label')}>
      <ul className="sidenav__list">
        {screensFor(role).map((s) => {
          const count = countOf(s.key) ?? 0;
          return (
            <li key={s.key}>
              <NavLink to={s.path} end={s.path === '/'} className="sidenav__link">
                {t(`nav.${s.key}`)}
                {count > 0 ? (
                  <>
                    <span className="visually-hidden">, {t('nav.waiting', { count })}</span>
                    <span className="sidenav__count" aria-hidden="true">
                      {count}
                    </span>
                  </>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function TopBar() {
  const t = useT('common');
  const profile = useAdminState((s) => s.profile);
  return (
    <header className="topbar">
      <span className="topbar__brand">
        <span className="topbar__logo" aria-hidden="true">
          ฿
        </span>
        {t('app.name')}
      </span>
      <div className="topbar__tools">
        {profile ? (
          <p className="topbar__who">
            <span className="visually-hidden">{t('topbar.signedInAs')} </span>
            <strong>{profile.username}</strong> <span className="badge">{t(`role.${profile.role}`)}</span>
          </p>
        ) : null}
        <OrderSoundToggle />
        <LanguageSwitch />
        <button type="button" className="button button--small" onClick={() => void signOut()}>
          {t('topbar.signOut')}
        </button>
      </div>
    </header>
  );
}

/** Off by default, remembered per browser; turning it on is the gesture that lets audio play. */
function OrderSoundToggle() {
  const t = useT('common');
  const on = useAdminState((s) => s.orderSound) === 'on';
  return (
    <button
      type="button"
      className="button button--small"
      aria-pressed={on}
      onClick={() => {
        if (!on) unlockChime();
        setState({ orderSound: on ? null : 'on' });
      }}
    >
      {t('topbar.orderSound')}
    </button>
  );
}

/** A screen the role may not open (typed into the address bar): said plainly, nothing called. */
function NotAllowed() {
  const t = useT('common');
  return (
    <section className="page" aria-labelledby="na-title">
      <h1 id="na-title">{t('notAllowed.title')}</h1>
      <p>{t('notAllowed.text')}</p>
    </section>
  );
}

/**
 * The console around every screen once signed in: top bar (who, language, sign-out), the side
 * navigation by role, and the screen. Without a staff session it goes to sign-in.
 */
export function ConsoleLayout() {
  const t = useT('common');
  const token = useAdminState((s) => s.token);
  const role = useAdminState((s) => s.profile?.role);
  const status = useProfile();
  const { pathname } = useLocation();
  if (!token) return <Navigate to="/sign-in" replace />;
  const screen = SCREENS.find(
    (s) => s.path !== '/' && (pathname === s.path || pathname.startsWith(`${s.path}/`)),
  );
  const allowed = !screen || can(role, screen.read);
  return (
    <div className="console">
      <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        {t('app.skipToContent')}
      </button>
      <TopBar />
      <div className="console__body">
        {status === 'ready' ? <SideNav /> : null}
        <main id="main" className="console__main" tabIndex={-1}>
          {status === 'loading' ? (
            <p className="state" role="status">
              {t('state.loading')}
            </p>
          ) : status === 'failed' ? (
            <div className="state state--failed" role="alert">
              <p>{t('state.failed')}</p>
              <button type="button" className="button" onClick={() => window.location.reload()}>
                {t('state.retry')}
              </button>
            </div>
          ) : (
            <Suspense
              fallback={
                <p className="state" role="status">
                  {t('state.loading')}
                </p>
              }
            >
              {allowed ? <Outlet /> : <NotAllowed />}
            </Suspense>
          )}
        </main>
      </div>
    </div>
  );
}
