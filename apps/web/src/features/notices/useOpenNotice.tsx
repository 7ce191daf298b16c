import { noticesContract } from './api';
import { App, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { targetOf } from './noticeGroups';

export interface OpenableNotice {
  id: number;
  kind: string;
  title: string;
  content: string;
  link: string | null;
}

/** Opens a notice: marks it read, then goes to its record, or shows its text in place when it has no page (the statistics digest). */
export function useOpenNotice(afterRead?: () => void) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  return async (n: OpenableNotice) => {
    const r = await call(noticesContract.notifyOpen, { id: n.id });
    afterRead?.();
    const to = targetOf({ kind: n.kind, link: r.link ?? n.link });
    if (to) return navigate(to);
    modal.info({
      title: n.title,
      content: <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{n.content}</Typography.Paragraph>,
      okText: '知道了',
    });
  };
}
