import { AudioOutlined, StopOutlined } from '@ant-design/icons';
import { filesContract } from '@sk/shared/files/files.contract';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../components/toast';
import { ApiError, uploadEnvelope } from '../lib/api';

/** A voice message is at most a minute long, as in the chat apps. */
export const VOICE_MAX_SECONDS = 60;

/** The file name of a recording by the recorder's type (Chromium and Firefox record webm or ogg, Safari mp4). */
export function voiceFileName(mime: string): string {
  const type = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'audio/mp4' || type === 'video/mp4') return '语音.m4a';
  if (type === 'audio/ogg') return '语音.ogg';
  return '语音.webm';
}

/** An answer of the server refusing the file (its message says why), not a failed request. */
const refused = (e: unknown): e is ApiError => e instanceof ApiError && e.status === undefined && !['NETWORK', 'TIMEOUT'].includes(e.code ?? '');

async function uploadVoice(blob: Blob, mime: string): Promise<number | null> {
  try {
    const env = await uploadEnvelope(filesContract.uploadSave, blob, voiceFileName(mime), { kind: 'audio' }, { silent: true });
    if (env.data) return env.data.id;
    toast.error(env.message || '上传失败');
  } catch (e) {
    toast.error((refused(e) && e.message) || '上传失败');
  }
  return null;
}

/** Records a voice message with the microphone (click to start, click again to send); hidden where browsers cannot record. */
export function VoiceButton({ onRecorded }: { onRecorded: (fileId: number) => void }) {
  const [recorder, setRecorder] = useState<MediaRecorder | null>(null);
  const [seconds, setSeconds] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const live = useRef<MediaRecorder | null>(null);
  live.current = recorder;
  // Closing the drawer mid-recording stops the microphone (and sends what was said).
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
      if (live.current?.state === 'recording') live.current.stop();
    },
    [],
  );
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return void toast.error('无法使用麦克风，请允许浏览器录音');
    }
    const r = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    r.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    r.onstop = () => {
      if (timer.current) clearInterval(timer.current);
      for (const t of stream.getTracks()) t.stop();
      setRecorder(null);
      if (!chunks.length) return;
      void uploadVoice(new Blob(chunks, { type: r.mimeType }), r.mimeType).then((id) => id && onRecorded(id));
    };
    r.start();
    setSeconds(0);
    setRecorder(r);
    timer.current = setInterval(
      () =>
        setSeconds((s) => {
          if (s + 1 >= VOICE_MAX_SECONDS && r.state === 'recording') r.stop();
          return s + 1;
        }),
      1000,
    );
  };

  return recorder ? (
    <Tooltip title="结束录音并发送">
      <Button danger icon={<StopOutlined />} aria-label="结束录音" onClick={() => recorder.stop()}>
        {seconds}″
      </Button>
    </Tooltip>
  ) : (
    <Tooltip title="录制语音">
      <Button icon={<AudioOutlined />} aria-label="录制语音" onClick={() => void start()} />
    </Tooltip>
  );
}
