// Operator switches for browser tests, through the product's own command line (python -m server merchant).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { E2E_DATABASE } from '../playwright.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function operator(...args: string[]): void {
  execFileSync(path.join(root, '.venv', 'bin', 'python'), ['-m', 'server', 'merchant', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `sqlite+aiosqlite:///${E2E_DATABASE}`, LOG_LEVEL: 'WARNING' },
    stdio: 'pipe',
  });
}
