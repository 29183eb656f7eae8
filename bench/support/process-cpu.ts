// CPU seconds used by a process, and by the local PostgreSQL's processes: steadier measures than rates on a shared machine.
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces); null once the process is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User and system CPU seconds of a process; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields === null ? 0 : (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/**
 * CPU seconds used so far by every process named `postgres` on this machine (the postmaster, its backends and workers),
 * with those of the backends that have exited (the pool replaces each connection after 30 s): the kernel adds an exited
 * child's seconds to its parent's, the postmaster's. The database's share of a message when the bench is its only client.
 */
export function postgresCpuSeconds(): number {
  const postgres = new Set<number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres.add(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  let total = 0;
  for (const pid of postgres) {
    const fields = statFields(pid);
    if (fields === null) continue;
    total += (Number(fields[11]) + Number(fields[12])) / TICKS;
    // The postmaster (its parent is not postgres): the seconds of the children it has reaped.
    if (!postgres.has(Number(fields[1]))) total += (Number(fields[13]) + Number(fields[14])) / TICKS;
  }
  return total;
}
