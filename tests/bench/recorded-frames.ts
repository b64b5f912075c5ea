import { CMD } from '../../contract/protocol/types';
import { rememberWire } from '../../server/hub/frame-wire';
import type { FleetSimulator, SimFrame } from '../../server/sim/types';

interface RecordedFrame {
  frame: SimFrame;
  /** The frame's time less its step's. */
  offsetMs: number;
  /** Its JSON before and after the number of its time. */
  head: string;
  tail: string;
}

/**
 * A fleet model that steps for real `ticks` times, keeping the JSON of every frame it emits, and from
 * then on sends those frames again at each step, stamped with the step's time and already encoded, the
 * way a gateway's frames reach a node of the cluster. The fan-out bench uses it to measure the server
 * without the model's physics, which at 100,000 vehicles needs more than this machine's cores.
 * Everything but `step` is the real model's, so sessions still get current frames on subscribing.
 */
export const replayAfterRecording = (model: FleetSimulator, ticks: number): FleetSimulator => {
  const listeners = new Set<(frame: SimFrame) => void>();
  const recorded: RecordedFrame[][] = [];
  let recording: { frames: RecordedFrame[]; stepMs: number } | null = null;
  let steps = 0;

  model.onFrame((frame) => {
    // Only the live frames repeat each tick; key lists, versions and firmware progress are news once.
    if (recording && (frame.cmd === CMD.values || frame.cmd === CMD.vehicleStatus)) {
      const json = JSON.stringify(frame);
      const ts = `"ts":${frame.data.ts}`;
      const digitsAt = json.indexOf(ts) + '"ts":'.length;
      recording.frames.push({
        frame,
        offsetMs: frame.data.ts - recording.stepMs,
        head: json.slice(0, digitsAt),
        tail: json.slice(digitsAt + String(frame.data.ts).length),
      });
    }
    for (const l of listeners) l(frame);
  });

  const replay = (frames: RecordedFrame[], nowMs: number) => {
    for (const r of frames) {
      const ts = nowMs + r.offsetMs;
      const frame = { cmd: r.frame.cmd, data: { ...r.frame.data, ts } } as SimFrame;
      rememberWire(frame, `${r.head}${ts}${r.tail}`);
      for (const l of listeners) l(frame);
    }
  };

  return {
    ...model,
    step(nowMs) {
      const index = steps++;
      if (index >= ticks) return replay(recorded[index % ticks] as RecordedFrame[], nowMs);
      recording = { frames: [], stepMs: nowMs };
      model.step(nowMs);
      recorded.push(recording.frames);
      recording = null;
    },
    onFrame(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
