// The call timer: runs while the visitor is on the task's page; the seconds go with the submitted visit.
import { PhoneOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';

export const clock = (s: number): string => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** Counts seconds from mount; `secondsRef` always holds the current count. */
export function useCallSeconds() {
  const [seconds, setSeconds] = useState(0);
  const ref = useRef(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      ref.current = Math.floor((Date.now() - started) / 1000);
      setSeconds(ref.current);
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  return { seconds, ref };
}

export function CallTimer({ seconds }: { seconds: number }) {
  return (
    <Tag icon={<PhoneOutlined />} color="processing" data-testid="call-timer">
      通话计时 {clock(seconds)}
    </Tag>
  );
}
