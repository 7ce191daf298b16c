// The slice of frappe-gantt's API the project Gantt uses (the package ships no types).
declare module 'frappe-gantt' {
  export interface GanttTask {
    id: string;
    name: string;
    start: string;
    end: string;
    progress?: number;
    dependencies?: string;
    custom_class?: string;
  }
  export interface GanttOptions {
    view_mode?: 'Hour' | 'Quarter Day' | 'Half Day' | 'Day' | 'Week' | 'Month' | 'Year';
    language?: string;
    readonly?: boolean;
    today_button?: boolean;
    view_mode_select?: boolean;
    bar_height?: number;
    padding?: number;
    popup_on?: 'click' | 'hover';
  }
  export default class Gantt {
    constructor(wrapper: HTMLElement | string, tasks: GanttTask[], options?: GanttOptions);
    change_view_mode(mode: string): void;
    refresh(tasks: GanttTask[]): void;
  }
}
