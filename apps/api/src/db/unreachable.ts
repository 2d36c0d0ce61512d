/**
 * The PostgreSQL failures an operator meets on a first start, said in words with what to do:
 * the database named in DATABASE_URL does not exist (3D000), nothing listens at its address, or
 * the server refuses the user. Any other error is returned as it is.
 */
export function explainDatabaseError(error: unknown, databaseUrl: string | undefined): unknown {
  if (!databaseUrl) return error;
  const code = errorCode(error);
  const url = new URL(databaseUrl);
  const host = url.searchParams.get('host') || url.hostname || 'localhost';
  const port = url.port || '5432';
  const user = decodeURIComponent(url.username);
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  const where = `PostgreSQL at ${host}:${port}`;
  switch (code) {
    case '3D000': {
      const createdb = ['createdb', '-h', host, '-p', port, ...(user ? ['-U', user] : []), name].join(' ');
      return new Error(
        `${where} has no database "${name}" (DATABASE_URL names it). Create it first: ${createdb} (or in psql: CREATE DATABASE "${name}";)`,
        { cause: error },
      );
    }
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return new Error(
        `Nothing answers at ${host}:${port} (DATABASE_URL, ${code}): is PostgreSQL running there, and the host and port right?`,
        { cause: error },
      );
    case '28P01':
    case '28000':
      return new Error(
        `${where} refused the user ${user ? `"${user}"` : '(none given)'}: check the user and password in DATABASE_URL (${reason(error)})`,
        { cause: error },
      );
    default:
      return error;
  }
}

/** The first error code along the cause chain (pg's SQLSTATE or Node's errno name). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (e instanceof AggregateError) {
      const inner = e.errors.map(errorCode).find(Boolean);
      if (inner) return inner;
    }
  }
  return undefined;
}

function reason(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}
