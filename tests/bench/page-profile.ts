// Where a bench page's main thread goes: a CPU profile through the DevTools protocol, summed by
// script file and by function (self time), for BENCH_PROFILE runs.
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function topByName(times: Map<string, number>, total: number, count: number): string {
  return [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `  ${String(Math.round((ms / total) * 100)).padStart(3)} %  ${name}`)
    .join('\n');
}

/** Starts profiling the page; `stop` writes the profile to `file` and returns a summary to print. */
export async function profilePage(page: Page, file: string): Promise<{ stop(): Promise<string> }> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
      await session.detach();
      writeFileSync(file, JSON.stringify(profile));
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      const byFile = new Map<string, number>();
      const byFunction = new Map<string, number>();
      let total = 0;
      profile.samples.forEach((id, i) => {
        const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
        const ms = (profile.timeDeltas[i] ?? 0) / 1000;
        const script = url ? url.slice(url.lastIndexOf('/') + 1) : functionName;
        total += ms;
        byFile.set(script, (byFile.get(script) ?? 0) + ms);
        const name = `${functionName || '(anonymous)'} ${script}${url ? `:${lineNumber + 1}` : ''}`;
        byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
      });
      return `main thread by script (self time, ${Math.round(total / 1000)} s profiled, written to ${file}):\n${topByName(byFile, total, 12)}\nby function:\n${topByName(byFunction, total, 15)}`;
    },
  };
}
