/** What an upload may be (images, videos, voice recordings; plus office documents). */
export const FILE_KINDS = { image: '图片', video: '视频', audio: '语音', doc: '文档' } as const;
export type FileKind = keyof typeof FILE_KINDS;

/** Every accepted extension with its kind and the MIME type the server answers with. */
export const FILE_TYPES = {
  png: { kind: 'image', mime: 'image/png' },
  jpg: { kind: 'image', mime: 'image/jpeg' },
  jpeg: { kind: 'image', mime: 'image/jpeg' },
  gif: { kind: 'image', mime: 'image/gif' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  avi: { kind: 'video', mime: 'video/x-msvideo' },
  mkv: { kind: 'video', mime: 'video/x-matroska' },
  mov: { kind: 'video', mime: 'video/quicktime' },
  mp3: { kind: 'audio', mime: 'audio/mpeg' },
  m4a: { kind: 'audio', mime: 'audio/mp4' },
  amr: { kind: 'audio', mime: 'audio/amr' },
  wav: { kind: 'audio', mime: 'audio/wav' },
  ogg: { kind: 'audio', mime: 'audio/ogg' },
  // What browsers record (MediaRecorder): a voice message, never a video here.
  webm: { kind: 'audio', mime: 'audio/webm' },
  pdf: { kind: 'doc', mime: 'application/pdf' },
  doc: { kind: 'doc', mime: 'application/msword' },
  docx: { kind: 'doc', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { kind: 'doc', mime: 'application/vnd.ms-excel' },
  xlsx: { kind: 'doc', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ppt: { kind: 'doc', mime: 'application/vnd.ms-powerpoint' },
  pptx: { kind: 'doc', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  txt: { kind: 'doc', mime: 'text/plain; charset=utf-8' },
  zip: { kind: 'doc', mime: 'application/zip' },
} as const satisfies Record<string, { kind: FileKind; mime: string }>;
export type FileExt = keyof typeof FILE_TYPES;

/** Lower-case extension of a file name ('' when none). */
export function extOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i + 1).toLowerCase() : '';
}

export const isAllowedExt = (ext: string): ext is FileExt => Object.hasOwn(FILE_TYPES, ext);

/** Extensions of one kind, e.g. for an `accept` attribute. */
export const extsOfKind = (kind: FileKind): FileExt[] => (Object.keys(FILE_TYPES) as FileExt[]).filter((e) => FILE_TYPES[e].kind === kind);

/** Download-centre item state: 1 in progress, 2 done; 3 failed is ours. */
export const DOWNLOAD_STATE = { running: 1, done: 2, failed: 3 } as const;
export const DOWNLOAD_STATE_LABELS: Record<number, string> = { 1: '生成中', 2: '已完成', 3: '生成失败' };
