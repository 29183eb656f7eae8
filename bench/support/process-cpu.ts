// CPU seconds used by a process, and by the local PostgreSQL's processes: steadier measures than rates on a shared machine.
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** User and system CPU seconds of a process; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name (in parentheses) may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/**
 * CPU seconds used so far by every process named `postgres` on this machine (the postmaster's backends and workers):
 * the database's share of a message when the bench is the only client. A backend that exits between two readings
 * takes its seconds with it, so the bench's servers keep their connections open while they are measured.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += cpuSeconds(Number(entry));
  }
  return total;
}
