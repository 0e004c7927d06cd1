/**
 * Where a request's CPU goes across the processes of `wrangler dev` (docs/speed.md,
 * "Per process"), for scripts/bench.ts: the client (this process), wrangler's Node process
 * (it relays the Worker's log lines), the proxy's workerd (wrangler's dev proxy, which also
 * runs every HTML answer through an HTMLRewriter for live reload), and the Worker's workerd
 * (the app, the local D1, the assets Worker, all on one thread). Read from /proc: Linux
 * only; elsewhere nothing is printed.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

type Role = "wrangler" | "proxy" | "worker";
export type CpuSnapshot = { client: number; processes: Map<Role, number> };

const TICK_MS = 10; // USER_HZ is 100 on Linux

function processCpuMs(pid: number): number | null {
  try {
    // The command may hold spaces: the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return null; // ended meanwhile
  }
}

/** The processes of the `wrangler dev` whose process group is `group`, by what they are. */
function serverProcesses(group: number): Map<Role, number[]> {
  const roles = new Map<Role, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== group) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      const role: Role | null = command.includes("workerd serve")
        ? command.includes("--inspector-addr")
          ? "worker"
          : "proxy"
        : command.includes("wrangler-dist/cli.js")
          ? "wrangler"
          : null;
      if (role) roles.set(role, [...(roles.get(role) ?? []), pid]);
    } catch {
      // ended meanwhile
    }
  }
  return roles;
}

export function cpuSnapshot(group: number): CpuSnapshot | null {
  if (!existsSync("/proc/self/stat")) return null;
  const processes = new Map<Role, number>();
  for (const [role, pids] of serverProcesses(group))
    processes.set(
      role,
      pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0),
    );
  const { user, system } = process.cpuUsage();
  return { client: (user + system) / 1000, processes };
}

/** The CPU each process used between two snapshots (null where /proc is not there). */
export function cpuUsed(before: CpuSnapshot | null, after: CpuSnapshot | null): CpuSnapshot | null {
  if (!before || !after) return null;
  const processes = new Map<Role, number>();
  for (const [role, ms] of after.processes) processes.set(role, ms - (before.processes.get(role) ?? 0));
  return { client: after.client - before.client, processes };
}

/** Two measurements' CPU together (the rounds of one page). */
export function addCpu(a: CpuSnapshot | null, b: CpuSnapshot | null): CpuSnapshot | null {
  if (!a || !b) return a ?? b;
  const processes = new Map(a.processes);
  for (const [role, ms] of b.processes) processes.set(role, (processes.get(role) ?? 0) + ms);
  return { client: a.client + b.client, processes };
}

/** The Worker's workerd CPU milliseconds per request, or null without /proc. */
export function workerMsPerRequest(used: CpuSnapshot | null, requests: number): number | null {
  const ms = used?.processes.get("worker");
  return ms === undefined || requests === 0 ? null : ms / requests;
}

/** CPU milliseconds per request, as one line of the bench. */
export function cpuPerRequest(used: CpuSnapshot | null, requests: number): string {
  if (!used || requests === 0) return "";
  const per = (ms: number) => (ms / requests).toFixed(2);
  const part = (role: Role) => per(used.processes.get(role) ?? 0);
  return `CPU ms a request: worker ${part("worker")}, proxy ${part("proxy")}, wrangler ${part("wrangler")}, client ${per(used.client)}`;
}
