import { APP_VERSION } from '@bahtdesk/contract';
import { apiBase } from '@bahtdesk/ui/api';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.ts';

type Health = { status: 'checking' } | { status: 'ok'; detail: string } | { status: 'down'; detail: string };

/** The build this page was made from ('dev' when it runs from source). */
const BUILD = import.meta.env.VITE_BUILD_ID ?? 'dev';

/** /chkver: the app version, the build, and whether the server answers /healthz. */
export default function ChkverPage() {
  const t = useT('common');
  const [health, setHealth] = useState<Health>({ status: 'checking' });
  useEffect(() => {
    let live = true;
    apiBase()
      .then((base) => fetch(`${base}/healthz`, { headers: { Accept: 'application/json' } }))
      .then(async (r) => {
        const detail = `HTTP ${r.status} ${(await r.text()).slice(0, 200)}`;
        if (live) setHealth({ status: r.ok ? 'ok' : 'down', detail });
      })
      .catch((e: unknown) => live && setHealth({ status: 'down', detail: String(e) }));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="page" aria-labelledby="chkver-title">
      <h1 id="chkver-title">{t('chkver.title')}</h1>
      <dl className="facts">
        <dt>{t('chkver.version')}</dt>
        <dd>{APP_VERSION}</dd>
        <dt>{t('chkver.build')}</dt>
        <dd>{BUILD}</dd>
        <dt>{t('chkver.server')}</dt>
        <dd>
          <span data-health={health.status}>{t(`chkver.${health.status}`)}</span>
          {'detail' in health ? <code className="facts__detail">{health.detail}</code> : null}
        </dd>
      </dl>
    </section>
  );
}
