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

/** CPU milliseconds per request between two snapshots, as one line of the bench. */
export function cpuPerRequest(before: CpuSnapshot | null, after: CpuSnapshot | null, requests: number): string {
  if (!before || !after || requests === 0) return "";
  const per = (ms: number) => (ms / requests).toFixed(2);
  const part = (role: Role) => per((after.processes.get(role) ?? 0) - (before.processes.get(role) ?? 0));
  return `CPU ms a request: worker ${part("worker")}, proxy ${part("proxy")}, wrangler ${part("wrangler")}, client ${per(after.client - before.client)}`;
}
