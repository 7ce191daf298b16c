// Durations on the SLA clocks: 剩余 1天2小时, 已超时 5分钟.

/** A duration in the largest two units (天, 小时, 分钟); under a minute is 不足1分钟. */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return '不足1分钟';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d ? `${d}天` : '', h ? `${h}小时` : '', m ? `${m}分钟` : ''].filter(Boolean);
  return parts.slice(0, 2).join('');
}

/** What a clock shows beside its name. */
export function remainingText(remainingMs: number, state: string): string {
  if (state === 'met') return '已达成';
  if (state === 'cancelled') return '已取消';
  const base = remainingMs > 0 ? `剩余${durationText(remainingMs)}` : `已超时${durationText(remainingMs)}`;
  return state === 'paused' ? `${base}（已暂停）` : base;
}
