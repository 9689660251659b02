// Where the machine's CPU went during a measured run of `npm run bench -- --mixed`, read from
// Linux's /proc: the main thread of the server under test (the one that answers every reader),
// its other threads, the site's render and variant processes, wrk, the benchmark's own
// processes, everything else and what stayed idle. Readers' latency under writes is set by the
// main thread's share of a core, so this tells a slow server from a busy machine. Elsewhere
// than Linux it prints nothing.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

/** utime + stime (clock ticks) and the parent of /proc/<pid>/stat or of a task's stat. */
function readStat(file) {
  try {
    const text = readFileSync(file, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // the process ended meanwhile
  }
}

function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The machine's idle ticks (idle and I/O wait, fields 4 and 5 of /proc/stat's first line). */
function machineTicks() {
  const [, , , , idle, iowait] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/);
  return { idle: Number(idle) + Number(iowait) };
}

/** Which group a process belongs to, by its command line and its parent. */
function groupOf(pid, ppid, command) {
  if (command.startsWith('wrk ')) return 'wrk';
  if (command.includes('variant-worker')) return 'variant process (idle class)';
  if (command.includes('dist/main.js')) return 'site';
  if (command.includes('bare-server')) return 'bare server';
  if (pid === process.pid || ppid === process.pid) return 'benchmark (writer, sample readers)';
  return 'everything else';
}

/**
 * A reading of the CPU time so far: by group, with the main thread of the server under test
 * (`serverPid`, named `serverName`) apart from its other threads. Null where there is no /proc.
 */
function cpuSnapshot(serverPid, serverName) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const groups = {};
  for (const name of pids) {
    const pid = Number(name);
    const stat = readStat(`/proc/${pid}/stat`);
    if (!stat) continue;
    if (pid === serverPid) {
      const main = readStat(`/proc/${pid}/task/${pid}/stat`)?.ticks ?? 0;
      groups[`${serverName} main thread`] = main;
      groups[`${serverName}, other threads`] = stat.ticks - main;
      continue;
    }
    const group = groupOf(pid, stat.ppid, commandOf(pid));
    groups[group] = (groups[group] ?? 0) + stat.ticks;
  }
  return { groups, machine: machineTicks(), at: performance.now() };
}

/** Clock ticks per second of /proc's figures (USER_HZ, 100 on Linux's every architecture). */
const TICKS_PER_SECOND = 100;

/** The line of cores each group used between two snapshots, out of the machine's cores. */
function cpuSharesLine(before, after) {
  if (!before || !after) return null;
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return null;
  const share = (ticks) => (ticks / TICKS_PER_SECOND / seconds).toFixed(2);
  const parts = Object.keys(after.groups)
    .map((group) => [group, after.groups[group] - (before.groups[group] ?? 0)])
    // Processes that ended between the snapshots take their ticks with them: never below 0.
    .filter(([, ticks]) => ticks > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([group, ticks]) => `${group} ${share(ticks)}`);
  const idle = share(after.machine.idle - before.machine.idle);
  return `cores used (of ${os.availableParallelism()}): ${parts.join(', ')}; idle ${idle}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The cores each group uses within a load of `seconds` that starts now: read from half a second
 * in to half a second before its end, while wrk still runs (an ended process leaves /proc, and
 * its time with it). Null where there is no /proc or the run is too short.
 */
export async function cpuDuring(seconds, serverPid, serverName) {
  if (seconds < 2) return null;
  await sleep(500);
  const before = cpuSnapshot(serverPid, serverName);
  await sleep((seconds - 1) * 1000);
  return cpuSharesLine(before, cpuSnapshot(serverPid, serverName));
}
