import type { Waiting } from '@bahtdesk/contract';
import { handledGlobally } from '@bahtdesk/ui/forms';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { can, SCREENS, screensFor } from '../lib/access.ts';
import { call } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { signOut, startSession } from '../lib/session.ts';
import { useAdminState } from '../lib/store.ts';
import {
  useChimeOnNewOrder,
  useSoundChoice,
  useWaiting,
  useWaitingTitle,
  waitingFor,
} from '../lib/waiting.ts';

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

function SideNav({ waiting }: { waiting: Waiting | null }) {
  const t = useT('common');
  const role = useAdminState((s) => s.profile?.role);
  return (
    <nav className="sidenav" aria-label={t('nav.label')}>
      <ul className="sidenav__list">
        {screensFor(role).map((s) => (
          <li key={s.key}>
            <NavLink to={s.path} end={s.path === '/'} className="sidenav__link">
              {t(`nav.${s.key}`)}
              <WaitingBadge count={waitingFor(s.key, waiting)} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "3" beside a menu entry, read as ", 3 waiting" by a screen reader; nothing while none wait. */
function WaitingBadge({ count }: { count: number }) {
  const t = useT('common');
  if (count === 0) return null;
  return (
    <>
      <span className="visually-hidden">, {t('nav.waiting', { count })}</span>
      <span className="badge badge--count" aria-hidden="true">
        {count}
      </span>
    </>
  );
}

/** The signed-in console's live parts: the counts in the menu, the tab title, the chime. */
function SignedInNav({ sound }: { sound: boolean }) {
  const waiting = useWaiting();
  useWaitingTitle(waiting);
  useChimeOnNewOrder(waiting, sound);
  return <SideNav waiting={waiting} />;
}

/** A bell drawn in SVG (an emoji needs a font the machine may lack), struck through when muted. */
function BellIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      className="topbar__icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      {muted ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}

function SoundSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const t = useT('common');
  return (
    <button
      type="button"
      className="button button--small"
      aria-pressed={on}
      onClick={() => onChange(!on)}
      title={t('topbar.sound')}
    >
      <BellIcon muted={!on} />
      <span className="visually-hidden">{t('topbar.sound')}: </span>
      {on ? t('topbar.soundOn') : t('topbar.soundOff')}
    </button>
  );
}

function TopBar({ sound }: { sound?: [boolean, (on: boolean) => void] }) {
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
        {sound ? <SoundSwitch on={sound[0]} onChange={sound[1]} /> : null}
        <LanguageSwitch />
        <button type="button" className="button button--small" onClick={() => void signOut()}>
          {t('topbar.signOut')}
        </button>
      </div>
    </header>
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
  const sound = useSoundChoice();
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
      <TopBar sound={status === 'ready' ? sound : undefined} />
      <div className="console__body">
        {status === 'ready' ? <SignedInNav sound={sound[0]} /> : null}
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
