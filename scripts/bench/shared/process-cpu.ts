/**
 * The CPU a server process has used, from /proc (Linux only). Unlike wall-clock times it hardly moves when other
 * programs share the machine, so a figure measured on a busy machine can still be compared with an idle one's.
 */
import { readFileSync } from 'node:fs';

/** Linux's clock ticks a second (USER_HZ), the unit of utime and stime in /proc/<pid>/stat. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Milliseconds of CPU the process has used: from the scheduler's own count (/proc/<pid>/schedstat, nanoseconds) where
 * the kernel keeps it, else from /proc/<pid>/stat in steps of 10 ms; null without /proc.
 */
export function processCpuMs(pid: number): number | null {
  try {
    // The first field: time spent on a CPU, in nanoseconds.
    const ns = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch {
    // No schedstat (a kernel without scheduler statistics): the coarser count below.
  }
  try {
    // Fields after the command name (which may hold spaces, hence the last parenthesis): state is the 3rd.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
