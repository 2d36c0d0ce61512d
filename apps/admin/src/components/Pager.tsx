import { useT } from '../lib/i18n.ts';

/** Previous/next for a paged list, with where the list is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="button button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span>{t('pager.position', { page, pages, total })}</span>
      <button
        type="button"
        className="button button--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
