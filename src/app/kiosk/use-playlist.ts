import { useEffect, useMemo, useState } from 'react';
import { useObservableState } from 'observable-hooks';
import { EMPTY } from 'rxjs';
import type { Playlist } from '../../../streams/api/types';
import { kioskPlaylist } from '../../lib/kiosk-mode';
import { navigate } from '../../lib/navigation';
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
 * walks up pauses and resumes with Space (or P) and steps with the arrow keys.
 */
export function usePlaylist(): PlaylistPlayer | null {
  const { resources } = useFleetConsole();
  const id = kioskPlaylist();
  const state$ = useMemo(() => (id ? resources.playlists.get$(id) : EMPTY), [resources, id]);
  const playlist = useObservableState(state$)?.data;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = playlist?.views.length ?? 0;
  const view = playlist?.views[index % Math.max(count, 1)];

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
