import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_NAMES, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('needs nothing on a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      magicLinkResendSeconds: 120,
      nodeEnv: 'development',
      supportEmails: [],
      weekCacheBytes: 64 * 1024 * 1024,
    });
  });

  it('is all listed in the README’s configuration table', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('## Running in production'),
    );
    const listed = new Set(
      [...table.matchAll(/^\|([^|]*)\|/gm)].flatMap((row) => row[1]!.match(/[A-Z][A-Z_]+/g) ?? []),
    );
    expect(ENV_NAMES.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('bounds the week cache by WEEK_CACHE_MB', () => {
    expect(loadConfig({ WEEK_CACHE_MB: '8' }).weekCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ WEEK_CACHE_MB: '0' }).weekCacheBytes).toBe(0);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://rota.example.com/' }).publicUrl).toBe(
      'https://rota.example.com',
    );
  });

  it('parses lists of addresses', () => {
    const config = loadConfig({
      SUPPORT_EMAILS: ' Help@Example.com, ,ops@example.com ',
      PRO_EMAILS: 'vip@example.com',
    });
    expect(config.supportEmails).toEqual(['help@example.com', 'ops@example.com']);
    expect(config.proEmails).toEqual(['vip@example.com']);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a port number/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT must be 0–65535/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a URL like postgres:/],
    [{ REDIS_URL: 'nonsense' }, /^Invalid configuration: REDIS_URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /^Invalid configuration: PUBLIC_URL/],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL/],
    [
      { MAGIC_LINK_RESEND_SECONDS: '-1' },
      /^Invalid configuration: MAGIC_LINK_RESEND_SECONDS must be 0 or more/,
    ],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV must be development, production or test/],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: '10.0.0.0/8,not-an-ip' }, /^Invalid configuration: TRUST_PROXY must be a number/],
    [{ WEEK_CACHE_MB: 'lots' }, /^Invalid configuration: WEEK_CACHE_MB must be a number of megabytes/],
    [{ WEEK_CACHE_MB: '-1' }, /^Invalid configuration: WEEK_CACHE_MB must be 0 or more/],
    [{ TRUST_PROXY: '99' }, /^Invalid configuration: TRUST_PROXY must be a hop count of at most 10/],
  ])('stops on %j with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('trusts no proxy unless told which, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('refuses production without SMTP, since the outbox would hold real sign-in links', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' }).smtpUrl).toBe(
      'smtp://mail:587',
    );
  });
});
