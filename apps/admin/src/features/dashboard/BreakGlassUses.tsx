import type { BreakGlassCommand, BreakGlassUse } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/** The words of each break-glass command. */
const WORDS = {
  'staff:create': 'breakGlass.create',
  'staff:reset-second-factor': 'breakGlass.resetSecondFactor',
  'staff:unlock': 'breakGlass.unlock',
} as const satisfies Record<BreakGlassCommand, string>;

/**
 * Staff changes made on the server with break-glass, without a staff sign-in (decision 0092), in
 * the last 7 days, newest first: so the desk learns of them whoever ran them. Nothing shows when
 * there was none.
 */
export function BreakGlassUses({ uses }: { uses: readonly BreakGlassUse[] }) {
  const t = useT('dashboard');
  const f = useFormat();
  if (uses.length === 0) return null;
  return (
    <section className="panel break-glass" aria-labelledby="break-glass-title">
      <h2 id="break-glass-title">{t('breakGlass.title')}</h2>
      <p>{t('breakGlass.intro')}</p>
      <ul className="setup__list">
        {uses.map((use) => (
          <li key={`${use.at}-${use.command}-${use.username}`}>
            {t(WORDS[use.command], {
              when: f.dateTime(use.at),
              osUser: use.osUser,
              username: use.username,
            })}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/audit">{t('breakGlass.audit')}</Link>
      </p>
    </section>
  );
}
