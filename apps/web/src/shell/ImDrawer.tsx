import { CustomerServiceOutlined } from '@ant-design/icons';
import type { ImEventType, ImMessage } from '@sk/shared';
import { Badge } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toast } from '../components/toast';
import { type ImFrame, type ImState, imHub } from '../lib/im';

const ImPanel = lazy(() => import('./ImPanel'));

/** The customer-service entry: connects the socket the first time it is opened, counts unread messages while closed. */
export function ImDrawer() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [state, setState] = useState<ImState>('closed');
  const [live, setLive] = useState<ImMessage[]>([]);
  const [unread, setUnread] = useState(0);
  const leave = useRef<(() => void) | null>(null);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => () => leave.current?.(), []);

  const onFrame = (f: ImFrame) => {
    if ((f.eventType === 'message' || f.eventType === 'ack') && f.data) {
      setLive((l) => [...l, f.data as ImMessage]);
      if (!openRef.current && f.eventType === 'message') setUnread((n) => n + 1);
    } else if (f.eventType === 'error' && typeof f.message === 'string') toast.error(f.message);
  };

  const show = () => {
    setOpen(true);
    setEverOpened(true);
    setUnread(0);
    if (!leave.current) leave.current = imHub.subscribe({ onFrame, onState: setState });
  };

  const send = (eventType: ImEventType, payload: unknown): boolean => {
    try {
      imHub.send({ eventType, payload, clientId: String(Date.now()) });
      return true;
    } catch (e) {
      toast.error((e as Error).message);
      return false;
    }
  };

  return (
    <>
      <button type="button" className="sk-header-btn" aria-label="在线客服" onClick={show}>
        <Badge count={unread} size="small">
          <CustomerServiceOutlined style={{ color: 'inherit', fontSize: 16 }} />
        </Badge>
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <ImPanel open={open} onClose={() => setOpen(false)} state={state} live={live} onSend={send} />
        </Suspense>
      )}
    </>
  );
}
