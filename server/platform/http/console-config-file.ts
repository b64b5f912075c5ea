import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConsoleOrigins } from './console-policy';

/**
 * The origins in the console's config.json under `staticDir`. The file is edited at run time
 * (no rebuild, no restart), so it is read again whenever it changes; missing or unreadable: none.
 */
export function consoleConfigFile(staticDir: string): () => ConsoleOrigins {
  const file = resolve(staticDir, 'config.json');
  let read: { mtimeMs: number; origins: ConsoleOrigins } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {};
    }
    if (read?.mtimeMs !== mtimeMs) read = { mtimeMs, origins: originsOf(file) };
    return read.origins;
  };
}

function originsOf(file: string): ConsoleOrigins {
  try {
    const { apiBase, tileUrl } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return {
      ...(typeof apiBase === 'string' ? { apiBase } : {}),
      ...(typeof tileUrl === 'string' ? { tileUrl } : {}),
    };
  } catch {
    return {};
  }
}
