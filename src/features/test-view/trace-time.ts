import { CMD } from '../../../contract/protocol/types';

/** Trace time as minutes, seconds and tenths: "1:05.3". */
export function formatTraceTime(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}

const COMMAND_NAMES = new Map<number, string>(Object.entries(CMD).map(([name, cmd]) => [cmd, name]));

/** "19 vehicleStatus"; a command the contract does not name is its number alone. */
export function commandLabel(cmd: number | null): string {
  if (cmd === null) return '';
  const name = COMMAND_NAMES.get(cmd);
  return name ? `${cmd} ${name}` : String(cmd);
}
