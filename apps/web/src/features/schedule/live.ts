// The schedule's live reads: another dispatcher's booking refreshes every read of the area; an engineer's reported
// position (a 'schedule' frame with data.position) only the map.
import { SCHEDULE_EVENT } from '@sk/shared/schedule/schedule.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ImFrame, type ImState, imHub } from '../../lib/im';
import { apiKey } from '../../lib/query';
import { LIVE_READS, S } from './api';

export const isPositionFrame = (f: ImFrame): boolean => !!(f.data as { position?: unknown } | undefined)?.position;

/** `all`: the board (a booking refreshes its reads; a position does not); `map`: the map's pins and nearest lists. */
export function useScheduleLive(scope: 'all' | 'map'): ImState {
  const qc = useQueryClient();
  const [state, setState] = useState<ImState>('connecting');
  useEffect(() => {
    return imHub.subscribe({
      onState: setState,
      onFrame: (f) => {
        if (f.eventType !== SCHEDULE_EVENT) return;
        if (isPositionFrame(f)) {
          if (scope === 'map') void qc.invalidateQueries({ queryKey: apiKey(S.map) });
          return;
        }
        for (const r of scope === 'map' ? [S.map, S.nearest] : LIVE_READS) void qc.invalidateQueries({ queryKey: apiKey(r) });
      },
    });
  }, [qc, scope]);
  return state;
}
