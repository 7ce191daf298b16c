// Unsaved edits: a page that has them says so with useLeaveGuard; leaving it (another route, closing its tab,
// closing or reloading the browser tab) then asks first instead of throwing the edits away.
import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_TITLE = '有未保存的修改';
export const LEAVE_TEXT = '离开后本页未保存的修改将丢失，确定离开吗？';

type Confirm = ReturnType<typeof App.useApp>['modal']['confirm'];

/** The one page (the visible one) holding unsaved edits, and whether the user has already agreed to leave it. */
const state = { dirty: false, agreed: false };

export const hasUnsavedEdits = (): boolean => state.dirty && !state.agreed;

/** Asks before leaving the page with unsaved edits; answers true when there are none or the user agrees. */
export function confirmLeave(confirm: Confirm): Promise<boolean> {
  if (!hasUnsavedEdits()) return Promise.resolve(true);
  return new Promise((resolve) => {
    confirm({
      title: LEAVE_TITLE,
      content: LEAVE_TEXT,
      okText: '离开',
      cancelText: '留在此页',
      onOk: () => {
        state.agreed = true;
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}

const onBeforeUnload = (e: BeforeUnloadEvent) => {
  if (!hasUnsavedEdits()) return;
  e.preventDefault();
  e.returnValue = '';
};

/** Marks the calling page as holding unsaved edits while `dirty`; route changes and unloads ask first. */
export function useLeaveGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  useEffect(() => {
    state.dirty = dirty;
    state.agreed = false;
    if (!dirty) return;
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      state.dirty = false;
      state.agreed = false;
    };
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedEdits() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave(modal.confirm).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, modal]);
}
