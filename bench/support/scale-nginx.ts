// deploy/nginx.conf as written, with only its ports changed, for the scale bench to put in front of
// its two processes when nginx is installed: the upstream `server` lines become the given ports and
// `listen 80` a port on 127.0.0.1. Pid file and error log go to a temporary folder (`-g`), so it runs
// beside any other nginx.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX_PATH = '/usr/sbin/nginx';

/**
 * The most files a process may open here (the hard limit, /proc/self/limits), or null if unknown.
 * nginx's workers cannot raise their own past it unless nginx may (CAP_SYS_RESOURCE), which the
 * bench's machine does not allow (20,000).
 */
export function openFilesHardLimit(limits = '/proc/self/limits'): number | null {
  try {
    const hard = /^Max open files\s+\S+\s+(\d+)/m.exec(readFileSync(limits, 'utf8'))?.[1];
    return hard ? Number(hard) : null;
  } catch {
    return null;
  }
}

/**
 * The config for a balancer on `listenPort` in front of `upstreamPorts` (pure: text in, text out).
 * With `fileLimit`, a `worker_rlimit_nofile` or `worker_connections` above it is lowered to it: nginx
 * would otherwise log an alert for the setrlimit it may not do and a warning that the connections exceed
 * the limit, and keep that limit anyway (a worker can hold 20,000 connections here, the file's 32,768
 * nowhere but on a machine that allows it).
 */
export function nginxConfFor(
  conf: string,
  listenPort: number,
  upstreamPorts: readonly number[],
  fileLimit: number | null = null,
): string {
  const upstream = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;
  const lines = [...conf.matchAll(upstream)];
  if (lines.length === 0) throw new Error('deploy/nginx.conf: no upstream server lines');
  if (!/^\s*listen 80;$/m.test(conf)) throw new Error('deploy/nginx.conf: no `listen 80;`');
  // Primary lines, then the backups (the same servers, never taken out) when the file has them.
  const primary = lines.find((line) => !/\bbackup\b/.test(line[2] ?? ''));
  const backup = lines.find((line) => /\bbackup\b/.test(line[2] ?? ''));
  const linesFor = (line: RegExpMatchArray | undefined) =>
    line ? upstreamPorts.map((port) => `${line[1]}server 127.0.0.1:${port}${line[2] ?? ''};\n`).join('') : '';
  const servers = linesFor(primary ?? lines[0]) + linesFor(backup);
  let replaced = false;
  return conf
    .replace(upstream, () => {
      if (replaced) return '';
      replaced = true;
      return servers;
    })
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`)
    .replace(
      /^(\s*(?:worker_rlimit_nofile|worker_connections) )(\d+);$/gm,
      (line, directive: string, value: string) =>
        fileLimit !== null && Number(value) > fileLimit ? `${directive}${fileLimit};` : line,
    );
}

/** Writes the config and the arguments to run nginx in the foreground with it. */
export function nginxArgs(repoRoot: string, listenPort: number, upstreamPorts: readonly number[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rotaboard-nginx-'));
  const confPath = path.join(dir, 'nginx.conf');
  const conf = readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
  writeFileSync(confPath, nginxConfFor(conf, listenPort, upstreamPorts, openFilesHardLimit()));
  return [
    '-p',
    dir,
    '-c',
    confPath,
    '-g',
    `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'error.log')} warn;`,
  ];
}
