import type { ProcessStage } from '@sk/shared/projects/projects.contract';
import Gantt, { type GanttTask } from 'frappe-gantt';
import { useEffect, useMemo, useRef } from 'react';
import { EmptyState } from '../../../components';
import './gantt.css';

const CLASS: Record<number, string> = { 1: 'task-done', 2: 'task-disabled', 3: 'task-approval' };
const day = (t: string) => t.slice(0, 10);

/** The project's tasks on a Gantt (frappe-gantt, loaded with this chunk only): one bar per planned task, read-only. */
export default function ProjectGantt({ stages }: { stages: ProcessStage[] }) {
  const host = useRef<HTMLDivElement>(null);
  const tasks = useMemo<GanttTask[]>(
    () =>
      stages.flatMap((s) =>
        s.tasks
          .filter((t) => t.planStart && t.planEnd)
          .map((t) => ({
            id: `t${t.id}`,
            name: `${s.name} · ${t.name}`,
            start: day(t.planStart!),
            end: day(t.planEnd!),
            progress: t.state === 1 ? 100 : 0,
            custom_class: CLASS[t.state] ?? '',
          })),
      ),
    [stages],
  );
  useEffect(() => {
    const el = host.current;
    if (!el || tasks.length === 0) return;
    el.innerHTML = '';
    new Gantt(el, tasks, { view_mode: 'Day', language: 'zh', readonly: true, today_button: false, view_mode_select: false, popup_on: 'hover' });
    return () => {
      el.innerHTML = '';
    };
  }, [tasks]);
  if (tasks.length === 0) return <EmptyState />;
  return <div ref={host} className="sk-project-gantt" data-testid="project-gantt" />;
}
