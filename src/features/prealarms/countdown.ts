// "fires in 3 h 12 min": how long a pending pre-alarm has left, to the minute.
const MINUTE = 60_000;

export function firesIn(firesAtMs: number, nowMs: number): string {
  const minutes = Math.ceil((firesAtMs - nowMs) / MINUTE);
  if (minutes <= 0) return 'fires at the next check';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `fires in ${h > 0 ? `${h} h ${m} min` : `${m} min`}`;
}
