import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '../src/config.ts';

const read = (name: string) => readFileSync(new URL(`../../../deploy/${name}`, import.meta.url), 'utf8');

/** A systemd unit file's sections, each a list of its key=value lines in order (keys may repeat). */
function parseUnit(text: string): Map<string, [string, string][]> {
  const sections = new Map<string, [string, string][]>();
  let current: [string, string][] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = [];
      sections.set(section[1]!, current);
      continue;
    }
    const pair = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!pair || !current) throw new Error(`not a unit line: ${line}`);
    current.push([pair[1]!, pair[2]!]);
  }
  return sections;
}

/** An environment file's variables (KEY=value lines; # comments), as systemd's EnvironmentFile reads it. */
function parseEnvironment(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const pair = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!pair) throw new Error(`not an environment line: ${line}`);
    env[pair[1]!] = pair[2]!;
  }
  return env;
}

/**
 * deploy/ is run by nothing here (no systemd in tests), so this reads it the way its runners would:
 * a unit that starts the built server per port and waits for liveness, and an environment whose
 * every variable the server knows and accepts (issue 45).
 */
describe('deploy files', () => {
  const unit = parseUnit(read('rotaboard@.service'));
  const service = new Map(unit.get('Service') ?? []);
  const all = (key: string) => (unit.get('Service') ?? []).filter(([k]) => k === key).map(([, v]) => v);

  it('the unit has its three sections and starts the built server, one process per port', () => {
    expect([...unit.keys()]).toEqual(['Unit', 'Service', 'Install']);
    expect(service.get('ExecStart')).toBe('/usr/bin/node packages/server/dist/main.js');
    expect(all('Environment')).toContain('PORT=%i');
    expect(all('Environment')).toContain('NODE_ENV=production');
    expect(service.get('EnvironmentFile')).toBe('/etc/rotaboard/rotaboard.env');
    expect(new Map(unit.get('Install') ?? []).get('WantedBy')).toBe('multi-user.target');
  });

  it('counts a process started once it is live, not once the database answers', () => {
    const post = service.get('ExecStartPost') ?? '';
    expect(post).toContain('http://127.0.0.1:%i/api/live');
    expect(post).not.toContain('/api/health');
  });

  it('stops with SIGTERM and gives the drain (at most 5 s) time before killing', () => {
    expect(service.get('KillSignal')).toBe('SIGTERM');
    expect(Number(service.get('TimeoutStopSec'))).toBeGreaterThan(5);
    expect(service.get('Restart')).toBe('on-failure');
    expect(Number(service.get('LimitNOFILE'))).toBeGreaterThanOrEqual(32768);
    // The data directory the environment names is the one the sandbox lets it write.
    expect(service.get('ReadWritePaths')).toBe(parseEnvironment(read('rotaboard.env.example')).DATA_DIR);
  });

  it('the example environment names only variables the server reads, and the server accepts it', () => {
    const env = parseEnvironment(read('rotaboard.env.example'));
    expect(Object.keys(env).filter((name) => !ENV_NAMES.includes(name))).toEqual([]);
    expect(env.PORT).toBeUndefined(); // from the unit's instance name
    const config = loadConfig({ ...env, PORT: '3001', NODE_ENV: 'production' });
    expect(config).toMatchObject({ port: 3001, nodeEnv: 'production', host: '127.0.0.1' });
    expect(config.databaseUrl).toMatch(/^postgres:/);
    expect(config.redisUrl).toMatch(/^redis:/);
  });

  it('nginx balances the ports the unit is started on in docs/scaling.md, by readiness', () => {
    const nginx = read('nginx.conf');
    expect(nginx).toContain('127.0.0.1:3001');
    expect(nginx).toContain('127.0.0.1:3002');
    expect(nginx).toContain('/api/health');
  });
});
