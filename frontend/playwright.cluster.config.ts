import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

import base from './playwright.config';

// The same browser, against the distributed set-up: two API processes on one Postgres database, with Redis
// carrying Socket.IO events between them (tests/support/cluster.py). A spec here opens pages on both
// processes, so that a push written by one must reach a socket held by the other.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const CLUSTER_PORTS = [Number(process.env.E2E_CLUSTER_PORT ?? 8140), Number(process.env.E2E_CLUSTER_PORT ?? 8140) + 1];
// Named after the port, so that every worker process computes the same one; the cluster drops it first.
const database = `portal_e2e_${CLUSTER_PORTS[0]}`;
const postgres = (process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test')
  .replace(/\/[^/]*$/, '')
  .replace('postgresql://', 'postgresql+asyncpg://');
process.env.E2E_DATABASE_URL = `${postgres}/${database}`;
process.env.E2E_SECOND_ORIGIN = `http://127.0.0.1:${CLUSTER_PORTS[1]}`;

const single = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;
// The single server's PORT left out (not blanked: the API's settings refuse an empty port); each process is
// given its own on the command line.
const clusterEnv = Object.fromEntries(Object.entries(single.env ?? {}).filter(([name]) => name !== 'PORT'));

export default defineConfig({
  ...base,
  testDir: './e2e/cluster',
  testIgnore: [],
  // One cluster, one database: its specs run one after another.
  workers: 1,
  use: { ...base.use, baseURL: `http://127.0.0.1:${CLUSTER_PORTS[0]}` },
  webServer: {
    ...single,
    command: `"${root}/.venv/bin/python" -m tests.support.cluster --ports ${CLUSTER_PORTS.join(',')} --database ${database} --logs var`,
    url: `http://127.0.0.1:${CLUSTER_PORTS[0]}/readyz`,
    env: clusterEnv,
  },
});
