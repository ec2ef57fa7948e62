import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepFailedStartLogs } from './failed-start-logs';

describe('keepFailedStartLogs', () => {
  let dataDir: string;
  let keepIn: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'failed-start-data-'));
    keepIn = mkdtempSync(join(tmpdir(), 'failed-start-kept-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(keepIn, { recursive: true, force: true });
  });

  it('copies every service log out of the data directory and answers their last 40 lines, saying where they are', () => {
    mkdirSync(join(dataDir, 'logs'));
    const lines = Array.from({ length: 100 }, (_, i) => `gateway line ${i + 1}`);
    writeFileSync(join(dataDir, 'logs', 'gateway.log'), `${lines.join('\n')}\n`);
    writeFileSync(join(dataDir, 'logs', 'billing.log'), 'billing listening on port 1\n');
    const report = keepFailedStartLogs(dataDir, 'fuzz', keepIn);
    rmSync(dataDir, { recursive: true, force: true });
    expect(readFileSync(join(keepIn, 'gateway.log'), 'utf8')).toContain('gateway line 1\n');
    expect(report).toContain(`kept in ${keepIn}`);
    expect(report).toContain('--- gateway.log');
    expect(report).toContain('gateway line 100');
    expect(report).toContain('gateway line 61');
    expect(report).not.toContain('gateway line 60\n');
    expect(report).toContain('billing listening on port 1');
  });

  it('keeps them in a temporary directory of their own when none is given', () => {
    mkdirSync(join(dataDir, 'logs'));
    writeFileSync(join(dataDir, 'logs', 'payments.log'), 'boom\n');
    const kept = /kept in (\S+)\./.exec(keepFailedStartLogs(dataDir, 'chaos'))![1];
    try {
      expect(kept).toContain('chaos-failed-start-');
      expect(readFileSync(join(kept, 'payments.log'), 'utf8')).toBe('boom\n');
    } finally {
      rmSync(kept, { recursive: true, force: true });
    }
  });

  it('answers nothing when no service wrote a log', () => {
    expect(keepFailedStartLogs(dataDir, 'bench', keepIn)).toBe('');
    expect(existsSync(join(keepIn, 'logs'))).toBe(false);
  });
});
