// Drag and drop on @dnd-kit, one way everywhere (the form designer, the dispatch board): mouse, touch (a short press,
// so a finger still scrolls) and keyboard (Space lifts, the arrows move, Space or Enter drops, Esc cancels), told to
// screen readers in Chinese. Draggables and droppables carry their name in `data.label`.
import {
  type Announcements,
  type Active,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  type Over,
  type ScreenReaderInstructions,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';

export const DND_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: '按空格键拿起，用方向键移动，再按空格键放下；按 Esc 键取消。',
};

const nameOf = (x: Active | Over): string => String(x.data.current?.label ?? x.id);

/** What a screen reader is told while something is dragged. */
export const DND_ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `已拿起${nameOf(active)}。`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(active)}移到${nameOf(over)}。` : `${nameOf(active)}不在可放下的位置。`),
  onDragEnd: ({ active, over }) => (over ? `${nameOf(active)}已放到${nameOf(over)}。` : `${nameOf(active)}已放下，位置未变。`),
  onDragCancel: ({ active }) => `已取消拖动${nameOf(active)}。`,
};

export const DND_ACCESSIBILITY = { announcements: DND_ANNOUNCEMENTS, screenReaderInstructions: DND_INSTRUCTIONS };

/** Mouse (after 5 px, so a click stays a click), touch (after a 200 ms press) and keyboard. */
export function useDndSensors(coordinateGetter?: KeyboardCoordinateGetter) {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
      ...(coordinateGetter ? { coordinateGetter } : {}),
    }),
  );
}

const STEPS: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/**
 * The keyboard moves from drop target to drop target (a grid of cells): each arrow goes to the nearest target whose
 * centre lies that way, preferring the one straight ahead.
 */
export const hopCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = STEPS[event.code];
  const { active, collisionRect, droppableRects, droppableContainers } = context;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const cx = collisionRect.left + collisionRect.width / 2;
  const cy = collisionRect.top + collisionRect.height / 2;
  let best: { dx: number; dy: number } | undefined;
  let cost = Number.POSITIVE_INFINITY;
  for (const c of droppableContainers.getEnabled()) {
    const r = droppableRects.get(c.id);
    if (!r || c.id === active?.id) continue;
    const dx = r.left + r.width / 2 - cx;
    const dy = r.top + r.height / 2 - cy;
    const ahead = dx * step[0] + dy * step[1];
    if (ahead <= 1) continue;
    const aside = Math.abs(dx * step[1] - dy * step[0]);
    if (ahead + 3 * aside < cost) {
      cost = ahead + 3 * aside;
      best = { dx, dy };
    }
  }
  return best ? { x: currentCoordinates.x + best.dx, y: currentCoordinates.y + best.dy } : undefined;
};
