/*
 * Imports only Node's modules: launcher-process (loaded by jest's global setups by its path) uses it.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TAIL_LINES = 40;

/**
 * A platform that failed to start is about to take its data directory with it: its services' logs
 * are copied out first (to `keepIn`, else a new directory under the system's temporary directory,
 * `<name>-failed-start-…`), and the answer says where, with the last lines of each log, for the
 * harness to print. Empty when no service wrote a log.
 */
export function keepFailedStartLogs(dataDir: string, name: string, keepIn?: string): string {
  const logs = join(dataDir, 'logs');
  const files = existsSync(logs) ? readdirSync(logs).filter((file) => file.endsWith('.log')) : [];
  if (files.length === 0) return '';
  const kept = keepIn ?? mkdtempSync(join(tmpdir(), `${name}-failed-start-`));
  cpSync(logs, kept, { recursive: true });
  const tails = files.map((file) => `--- ${file} (last lines)\n${tailOf(join(logs, file))}`);
  return `The services' logs of the failed start are kept in ${kept}.\n${tails.join('\n')}`;
}

function tailOf(file: string): string {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  return lines.slice(-TAIL_LINES).join('\n');
}
