import { CloudDownloadOutlined } from '@ant-design/icons';
import { type DownloadItem, filesContract } from '@sk/shared/files/files.contract';
import { App, Badge, Popover, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { call } from '../lib/api';
import { invalidate, useApi, useApiMutation } from '../lib/query';
import { DOWNLOAD_POLL_MS, shouldPoll } from './downloads';

const DownloadList = lazy(() => import('./DownloadList'));

const LIST_INPUT = { pageIndex: 0, pageSize: 20 };
/** The key of the 文件已生成 notice, so that opening the list closes it. */
const READY_NOTICE = 'sk-download-ready';

/** The download centre: export files with progress, download and delete; a badge and a notice when files are ready. */
export function DownloadCenter() {
  const { notification } = App.useApp();
  const [open, setOpen] = useState(false);
  const polls = useRef(0);
  const running = useRef(new Set<number>());
  const list = useApi(filesContract.downloadList, LIST_INPUT, {
    call: { silent: true },
    refetchInterval: (q) => {
      const items = q.state.data?.list ?? [];
      // A new export (a file running that was not before) starts a new round of at most 120 polls.
      if (items.some((i) => i.process_state === 1 && !running.current.has(i.id))) polls.current = 0;
      return shouldPoll(
        items.map((i) => i.process_state),
        polls.current,
      )
        ? DOWNLOAD_POLL_MS
        : false;
    },
  });
  const del = useApiMutation(filesContract.downloadDel, { invalidates: [filesContract.downloadList] });

  // Count polls, and raise the completion signal for files that were running and are now done.
  useEffect(() => {
    const items = list.data?.list ?? [];
    if (items.some((i) => i.process_state === 1)) polls.current++;
    for (const i of items) {
      if (i.process_state === 1) running.current.add(i.id);
      else if (running.current.delete(i.id) && i.process_state === 2 && !open) {
        notification.success({ key: READY_NOTICE, title: '文件已生成', description: `${i.name}，可在下载中心下载`, duration: 4 });
      }
    }
  }, [list.data, notification, open]);

  const markSeen = (items: DownloadItem[]) => {
    const ids = items.filter((i) => i.process_state === 2 && i.file_state === 0).map((i) => i.id);
    if (ids.length)
      call(filesContract.updateFileState, { ids }, { silent: true, noCancel: true }).then(
        () => invalidate(filesContract.downloadList),
        () => {},
      );
  };

  const items = list.data?.list ?? [];
  // The box has its width before the list's code arrives: a popover that widened when the list replaced the spinner
  // moved (it keeps its right edge at the button) after it was drawn, and a click meant for 下载 landed beside it.
  const content = (
    <div className="sk-download-center">
      <Suspense fallback={<Spin />}>
        <DownloadList items={items} onDelete={(id) => del.mutate({ ids: [id] })} />
      </Suspense>
    </div>
  );
  return (
    <Popover
      title="下载中心"
      trigger="click"
      // Centred under the button, which antd shifts to stay on screen; bottomRight was cut off on a phone, where the
      // button sits left of the list's width
      placement="bottom"
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          // The notice sits at the top right, over the list's 下载 buttons: whoever opens the list has seen it.
          notification.destroy(READY_NOTICE);
          polls.current = 0;
          list.refetch().then((r) => markSeen(r.data?.list ?? []));
        }
      }}
      content={content}
    >
      <button type="button" className="sk-header-btn" aria-label="下载中心">
        <Badge count={list.data?.unread ?? 0} size="small" offset={[4, -2]}>
          <CloudDownloadOutlined style={{ color: 'inherit', fontSize: 16 }} />
        </Badge>
      </button>
    </Popover>
  );
}
