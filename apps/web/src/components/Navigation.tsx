import { NavLink } from 'react-router';
import { type Key, useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';
import { Icon, type IconName } from './Icon.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export type Tool = 'manual' | 'calculate';

interface Item {
  readonly icon: IconName;
  readonly label: Key<'common'>;
  /** A route, or a tool opened in a dialog. */
  readonly to?: string;
  readonly tool?: Tool;
}

/** The navigation items (docs/product.md, Screens): the same in the top bar and the bottom navigation. */
function useItems(): readonly Item[] {
  const signedIn = useClientState((s) => s.token !== null);
  return [
    { icon: 'home', label: 'nav.home', to: '/' },
    { icon: 'manual', label: 'nav.manual', tool: 'manual' },
    { icon: 'calculate', label: 'nav.calculate', tool: 'calculate' },
    ...(signedIn
      ? ([
          { icon: 'history', label: 'nav.history', to: '/transaction-history' },
          { icon: 'member', label: 'nav.member', to: '/account' },
        ] as const)
      : ([
          { icon: 'login', label: 'nav.login', to: '/login' },
          { icon: 'signUp', label: 'nav.signUp', to: '/sign-up' },
        ] as const)),
  ];
}

interface NavProps {
  openTool: Tool | null;
  onOpenTool: (tool: Tool) => void;
}

function NavItems({ openTool, onOpenTool, className }: NavProps & { className: string }) {
  const t = useT('common');
  return (
    <ul className={`${className}__list`}>
      {useItems().map((item) => (
        <li key={item.label} className={`${className}__item`}>
          {item.to ? (
            <NavLink to={item.to} end className={`${className}__link`}>
              <Icon name={item.icon} />
              <span>{t(item.label)}</span>
            </NavLink>
          ) : (
            <button
              type="button"
              className={`${className}__link`}
              aria-haspopup="dialog"
              aria-expanded={openTool === item.tool}
              onClick={() => item.tool && onOpenTool(item.tool)}
            >
              <Icon name={item.icon} />
              <span>{t(item.label)}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Top bar: brand, the links (desktop, 1024 px and wider) and the language switch. */
export function TopBar(props: NavProps) {
  const t = useT('common');
  return (
    <header className="topbar">
      <div className="topbar__inner">
        <NavLink to="/" className="topbar__brand" aria-label={t('nav.homeBrand')}>
          <span aria-hidden="true" className="topbar__logo">
            ฿
          </span>
          {t('app.name')}
        </NavLink>
        <nav className="topnav" aria-label={t('nav.label')}>
          <NavItems className="topnav" {...props} />
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}

/** Bottom navigation on phones and tablets (below 1024 px); the current page is highlighted. */
export function BottomNav(props: NavProps) {
  const t = useT('common');
  return (
    <nav className="bottomnav" aria-label={t('nav.label')}>
      <NavItems className="bottomnav" {...props} />
    </nav>
  );
}
