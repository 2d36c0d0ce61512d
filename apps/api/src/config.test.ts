import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, describeRedis, loadConfig, misspeltVariables } from './config.ts';

function errorLines(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration from the environment', () => {
  it('has working defaults for a fresh machine: PGlite in ./data on 127.0.0.1:3000, same-origin API', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      apiUrl: '',
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', API_URL: ' ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      apiUrl: '',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/bahtdesk',
      DATABASE_URL: 'postgres://u:p@db:5432/bahtdesk',
      REDIS_URL: 'redis://cache:6379',
      API_URL: 'https://api.example.com/',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/',
      SMTP_URL: 'smtps://mail.example.com:465',
      SMS_GATEWAY_URL: 'https://sms.example.com/send',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/bahtdesk',
      databaseUrl: 'postgres://u:p@db:5432/bahtdesk',
      redisUrl: 'redis://cache:6379',
      apiUrl: 'https://api.example.com',
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      smtpUrl: 'smtps://mail.example.com:465',
      smsGatewayUrl: 'https://sms.example.com/send',
      logLevel: 'warn',
    });
  });

  it('reads TRUST_PROXY as false, true, a number of hops or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('names each wrong variable on its own line, without echoing secrets', () => {
    const lines = errorLines({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      REDIS_URL: 'localhost:6379',
      API_URL: 'ftp://x',
      CORS_ORIGINS: 'https://app.example.com/path',
      TRUST_PROXY: '10.0.0.0/99',
      LOG_LEVEL: 'loud',
    });
    expect(lines).toHaveLength(7);
    expect(lines.map((l) => l.split(':')[0]).sort()).toEqual([
      'API_URL',
      'CORS_ORIGINS',
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'REDIS_URL',
      'TRUST_PROXY',
    ]);
    expect(lines.join('\n')).not.toContain('hunter2');
    expect(lines.find((l) => l.startsWith('PORT'))).toBe('PORT: must be a whole number from 0 to 65535');
  });

  it('reads the desk alert channel: comma-separated addresses and a LINE group id; none by default', () => {
    expect(loadConfig({}).deskAlerts).toEqual({ emails: [], lineGroup: undefined });
    const group = `C${'a1'.repeat(16)}`;
    const config = loadConfig({
      DESK_ALERT_EMAILS: ' desk@example.com, lead@example.com ',
      DESK_ALERT_LINE_GROUP: group,
      LINE_CHANNEL_ACCESS_TOKEN: 'token',
      LINE_CHANNEL_SECRET: 'secret',
      LINE_OFFICIAL_ACCOUNT_ID: '@bahtdesk',
    });
    expect(config.deskAlerts).toEqual({ emails: ['desk@example.com', 'lead@example.com'], lineGroup: group });
  });

  it('refuses a desk alert LINE group when LINE is not configured: nothing could post to it', () => {
    expect(errorLines({ DESK_ALERT_LINE_GROUP: `C${'a1'.repeat(16)}` })).toEqual([
      'DESK_ALERT_LINE_GROUP: needs LINE configured (LINE_CHANNEL_ACCESS_TOKEN, LINE_CHANNEL_SECRET, LINE_OFFICIAL_ACCOUNT_ID): the desk LINE account posts the alerts',
    ]);
  });

  it('refuses a desk alert address that is not an email and a LINE id of the wrong shape', () => {
    expect(
      errorLines({ DESK_ALERT_EMAILS: 'desk@example.com, desk', DESK_ALERT_LINE_GROUP: 'my-group' }),
    ).toEqual([
      'DESK_ALERT_EMAILS: must be a comma-separated list of email addresses',
      'DESK_ALERT_LINE_GROUP: must be a LINE group, room or user id (C, R or U and 32 hex digits)',
    ]);
  });

  it('rejects a port out of range', () => {
    expect(errorLines({ PORT: '70000' })).toEqual(['PORT: must be a whole number from 0 to 65535']);
  });

  it('bounds connections and queries by default: 30 s a request, 10 s its headers, 50 connections an address, 10 s a query', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerIp: 50,
    });
    expect(config.databaseTimeouts).toEqual({ statementTimeoutMs: 10_000, acquireTimeoutMs: 5_000 });
  });

  it('sizes the PostgreSQL pool at 10 connections a process unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    for (const wrong of ['0', '-3', '2.5', 'ten']) {
      expect(errorLines({ DATABASE_POOL_SIZE: wrong })).toEqual([
        'DATABASE_POOL_SIZE: must be a whole number above 0',
      ]);
    }
  });

  it('reads the time limits in seconds; the headers limit follows a shorter request limit unless set', () => {
    const config = loadConfig({
      REQUEST_TIMEOUT_SECONDS: '5',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      MAX_CONNECTIONS_PER_IP: '0',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
      DATABASE_ACQUIRE_TIMEOUT_SECONDS: '1',
    });
    expect(config.http).toEqual({
      requestTimeoutMs: 5_000,
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 65_000,
      maxConnectionsPerIp: 0,
    });
    expect(config.databaseTimeouts).toEqual({ statementTimeoutMs: 2_000, acquireTimeoutMs: 1_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '3' }).http.headersTimeoutMs).toBe(3_000);
  });

  it('refuses time limits that are not whole seconds from 1 to a day, and headers slower than the request', () => {
    const lines = errorLines({
      REQUEST_TIMEOUT_SECONDS: '0',
      KEEP_ALIVE_TIMEOUT_SECONDS: '1.5',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: 'ten',
      DATABASE_ACQUIRE_TIMEOUT_SECONDS: '100000',
      MAX_CONNECTIONS_PER_IP: '-1',
    });
    expect(lines.map((l) => l.split(':')[0]).sort()).toEqual([
      'DATABASE_ACQUIRE_TIMEOUT_SECONDS',
      'DATABASE_STATEMENT_TIMEOUT_SECONDS',
      'KEEP_ALIVE_TIMEOUT_SECONDS',
      'MAX_CONNECTIONS_PER_IP',
      'REQUEST_TIMEOUT_SECONDS',
    ]);
    expect(errorLines({ REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '6' })).toEqual([
      'HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS (5)',
    ]);
  });
});

describe('the demo data rule (SEED_DEMO)', () => {
  it('seeds the demo on the embedded database by default, as npm start with no configuration always did', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('seeds nothing on PostgreSQL unless SEED_DEMO=true', () => {
    const url = 'postgres://u:p@db:5432/bahtdesk';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'TRUE' }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '' }).seedDemo).toBe(false);
  });

  it('refuses a SEED_DEMO that is not true or false', () => {
    expect(errorLines({ SEED_DEMO: 'yes' })).toEqual(['SEED_DEMO: must be true or false']);
  });
});

describe('variables that look misspelt', () => {
  it('names a variable BahtDesk ignores that is one or two edits from one it reads, or differs in case', () => {
    expect(
      misspeltVariables({
        DATABSE_URL: 'postgres://db/bahtdesk',
        database_url: 'postgres://db/bahtdesk',
        LOGLEVEL: 'debug',
        REDIS_URI: 'redis://cache',
        DATABASE_URL: 'postgres://db/bahtdesk',
      }),
    ).toEqual([
      { name: 'DATABSE_URL', meant: 'DATABASE_URL' },
      { name: 'database_url', meant: 'DATABASE_URL' },
      { name: 'LOGLEVEL', meant: 'LOG_LEVEL' },
      { name: 'REDIS_URI', meant: 'REDIS_URL' },
    ]);
  });

  it("leaves the machine's own variables alone (HOME is two edits from HOST, HOSTNAME four)", () => {
    expect(
      misspeltVariables({
        HOME: '/root',
        HOSTNAME: 'box',
        PATH: '/usr/bin',
        PWD: '/srv',
        NODE_ENV: 'production',
        TEST_DATABASE_URL: 'postgres://db/test',
        REDIS_PORT: 'tcp://10.0.0.2:6379',
        npm_config_cache: '/root/.npm',
      }),
    ).toEqual([]);
  });
});

describe('where the data lives, for people', () => {
  it('names the PGlite folder, or the PostgreSQL database, host and port without the password', () => {
    expect(describeDatabase({ databaseUrl: undefined, dataDir: '/srv/desk/data' })).toBe(
      'PGlite in /srv/desk/data',
    );
    const described = describeDatabase({
      databaseUrl: 'postgres://desk:s3cret@db.internal:6432/bahtdesk',
      dataDir: '/x',
    });
    expect(described).toBe('PostgreSQL database bahtdesk on db.internal:6432');
    expect(describeRedis({ redisUrl: 'redis://:hunter2@cache:6380' })).toBe(
      'cache:6380 (request counters shared by every process)',
    );
    expect(describeRedis({ redisUrl: undefined })).toMatch(/^not used/);
  });
});

describe('LINE (decision 0079)', () => {
  it('is off without its token and secret, and on with both and the official account id', () => {
    expect(loadConfig({}).line).toBeUndefined();
    expect(
      loadConfig({
        LINE_CHANNEL_ACCESS_TOKEN: 't',
        LINE_CHANNEL_SECRET: 's',
        LINE_OFFICIAL_ACCOUNT_ID: 'bahtdesk',
      }).line,
    ).toEqual({
      channelAccessToken: 't',
      channelSecret: 's',
      officialAccountId: '@bahtdesk',
      apiUrl: 'https://api.line.me',
    });
  });

  it('refuses a token without the secret, and LINE without the official account id, naming each', () => {
    expect(errorLines({ LINE_CHANNEL_ACCESS_TOKEN: 't' })).toEqual([
      'LINE_CHANNEL_SECRET: must be set with LINE_CHANNEL_ACCESS_TOKEN',
      'LINE_OFFICIAL_ACCOUNT_ID: must be set when LINE is configured',
    ]);
  });
});
