import { useEffect, useMemo, useRef, useState } from 'react';
import { useObservableState } from 'observable-hooks';
import { map, of } from 'rxjs';
import type { Playlist } from '../../../contract/api/types';
import { kioskPlaylist } from '../../lib/kiosk-mode';
import { navigate } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { wallViewPath } from '../../lib/wall-views';

export interface PlaylistPlayer {
  playlist: Playlist;
  index: number;
  paused: boolean;
}

const typing = (target: EventTarget | null) =>
  target instanceof Element && Boolean(target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]'));

/**
 * Plays the kiosk tab's playlist: each view for its dwell time, in order, round and round. Someone who
 * walks up pauses and resumes with Space (or P) and steps with the arrow keys. A wall display switches
 * when an administrator assigns its display another playlist, and goes back to its board when none is
 * left to play.
 */
export function usePlaylist(): PlaylistPlayer | null {
  const fleetConsole = useFleetConsole();
  const linked = kioskPlaylist();
  const id$ = useMemo(() => fleetConsole.wallPlaylist$(linked), [fleetConsole, linked]);
  const id = useObservableState(id$, linked);
  const state$ = useMemo(() => (id ? fleetConsole.resources.playlists.get$(id).pipe(map((s) => s.data)) : of(undefined)), [fleetConsole, id]);
  const playlist = useObservableState(state$);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = playlist?.views.length ?? 0;
  const view = playlist?.views[index % Math.max(count, 1)];
  const played = useRef(id);

  useEffect(() => {
    if (played.current === id) return;
    setIndex(0);
    setPaused(false);
    if (!id) navigate(ROUTES.alarmBoard.path);
    played.current = id;
  }, [id]);

  useEffect(() => {
    if (view) navigate(wallViewPath(view));
  }, [view]);
  useEffect(() => {
    if (!view || paused) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), view.dwellS * 1000);
    return () => window.clearTimeout(timer);
  }, [view, paused, count, index]);
  useEffect(() => {
    if (count === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      if (event.key === ' ' || event.key === 'p' || event.key === 'P') setPaused((p) => !p);
      else if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
      else if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  return playlist && count > 0 ? { playlist, index: index % count, paused } : null;
}
