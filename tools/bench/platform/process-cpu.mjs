// CPU time per process group, read from /proc (Linux), and pausing a process tree. The bench uses
// them to say where each request's CPU goes, and to keep an idle platform from taking CPU from the
// baseline while the baseline is measured.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** What a process is, from its command line: a service, the launcher (with the dev broker), PostgreSQL, a baseline server, or this load generator. */
function groupOf(pid, cmdline) {
  if (pid === process.pid) return 'load generator';
  const service = cmdline.match(/dist\/apps\/(\w+)\/main\.js/);
  if (service) return service[1];
  if (cmdline.includes('apps/dev-stack')) return 'launcher + dev broker';
  if (cmdline.includes('embedded-kafka/src/cli.ts')) return 'dev broker';
  const baseline = cmdline.match(/baseline-process\.mjs (service|gateway)/);
  if (baseline) return `baseline ${baseline[1]}`;
  if (/(^|\/)postgres( |$)|postgres:/.test(cmdline)) return 'postgresql';
  return null;
}

/**
 * The bench's own processes: this one and its descendants (the platform's launcher and services, the
 * baseline's servers, the embedded PostgreSQL cluster). On a shared machine, other people's services,
 * brokers and clusters match the same command lines and must not count.
 */
function readProcesses() {
  const processes = [];
  for (const entry of processTree(process.pid)) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const group = groupOf(
        Number(entry),
        readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '),
      );
      if (group)
        processes.push({ pid: entry, group, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while being read
    }
  }
  return processes;
}

/**
 * Starts counting CPU time; `perRequest(requests)` then gives each group's CPU microseconds per
 * request since the start, largest first (processes that started meanwhile count from zero).
 */
export function startCpuCount() {
  const before = new Map(readProcesses().map(({ pid, ticks }) => [pid, ticks]));
  return {
    perRequest(requests) {
      const byGroup = new Map();
      for (const { pid, group, ticks } of readProcesses())
        byGroup.set(group, (byGroup.get(group) ?? 0) + ticks - (before.get(pid) ?? 0));
      return [...byGroup]
        .map(([group, ticks]) => ({
          group,
          micros: Math.round(((ticks / TICKS_PER_SECOND) * 1e6) / Math.max(1, requests)),
        }))
        .filter(({ micros }) => micros > 0)
        .sort((a, b) => b.micros - a.micros);
    },
  };
}

/** The process and all its descendants. */
function processTree(pid) {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${tree[i]}/task`)) {
        const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(' ').map(Number));
      }
    } catch {
      // ended meanwhile
    }
  }
  return tree;
}

/**
 * Stops (SIGSTOP) a process and its descendants until `resume()` continues them (SIGCONT). Interrupted
 * meanwhile (Ctrl-C, SIGTERM), this process continues them first, so nothing is left stopped.
 */
export function pauseTree(pid) {
  const paused = processTree(pid);
  const continueAll = () => {
    for (const member of paused) {
      try {
        process.kill(member, 'SIGCONT');
      } catch {
        // ended meanwhile
      }
    }
  };
  const interrupted = (signal) => {
    continueAll();
    process.kill(process.pid, signal); // the handler is gone: the signal now ends this process
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  for (const member of paused) process.kill(member, 'SIGSTOP');
  return {
    resume() {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      continueAll();
    },
  };
}

/** CPU microseconds per request of all the groups together. */
export const totalCpu = (groups) => groups.reduce((sum, { micros }) => sum + micros, 0);

/** "gateway 702, billing 1,050, …" with the total first. */
export function formatCpu(groups) {
  const total = totalCpu(groups);
  return `${total.toLocaleString('en')} µs (${groups.map(({ group, micros }) => `${group} ${micros.toLocaleString('en')}`).join(', ')})`;
}
