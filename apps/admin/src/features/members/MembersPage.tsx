import { formatThaiPhone } from '@bahtdesk/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../components/Pager.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

const PAGE_SIZE = 20;

/** Members, newest first, searched by username, name, email or phone. */
export default function MembersPage() {
  const t = useT('members');
  const f = useFormat();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const state = useApi('searchMembers', { query: { page, pageSize: PAGE_SIZE, ...(q ? { q } : {}) } });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };
  return (
    <section className="page" aria-labelledby="members-title">
      <h1 id="members-title">{t('list.title')}</h1>
      <search>
        <form className="toolbar" onSubmit={search}>
          <label className="field__label" htmlFor="member-q">
            {t('list.search')}
          </label>
          <input
            id="member-q"
            className="field__input"
            type="search"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button">
            {t('list.searchButton')}
          </button>
        </form>
      </search>
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{q ? t('list.noMatch', { q }) : t('list.empty')}</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">{t('list.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('list.username')}</th>
                      <th scope="col">{t('list.name')}</th>
                      <th scope="col">{t('list.email')}</th>
                      <th scope="col">{t('list.phone')}</th>
                      <th scope="col">{t('list.kyc')}</th>
                      <th scope="col">{t('list.joined')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((m) => (
                      <tr key={m.id}>
                        <td>
                          <Link to={`/members/${m.id}`}>{m.username}</Link>
                        </td>
                        <td>
                          {m.firstName} {m.lastName}
                        </td>
                        <td>{m.email}</td>
                        <td>{formatThaiPhone(m.phone)}</td>
                        <td>
                          <span className={`badge badge--kyc-${m.kycStatus}`}>{t(`kyc.${m.kycStatus}`)}</span>
                        </td>
                        <td>{f.date(m.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
