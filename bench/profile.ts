// A CPU profile from Chromium's Profiler domain, summed up for a bench's output.

/** The parts of a CDP Profiler.Profile read here. */
export interface CpuProfile {
  nodes: {
    id: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * The functions a profiled stretch spent its time in: self time, and total time (self plus what
 * they called), the top 30 of each, by function name and place. Idle and GC are left out.
 */
export function printProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map<number, number>();
  const { samples = [], timeDeltas = [] } = profile;
  samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (timeDeltas[i] ?? 0) / 1000));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number): string => {
    const f = byId.get(id)?.callFrame;
    if (!f) return '?';
    const file = f.url.slice(f.url.lastIndexOf('/') + 1);
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const [id, ms] of dt) {
    const name = label(id);
    if (/^\((idle|program|garbage collector)\)/.test(name)) continue;
    self.set(name, (self.get(name) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(at);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + ms);
    }
  }
  const top = (m: Map<string, number>): string =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([name, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${name}`)
      .join('\n');
  console.log(`CPU profile, self time:\n${top(self)}\n\nCPU profile, total time:\n${top(total)}`);
}
