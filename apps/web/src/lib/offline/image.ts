// Photos taken in the engineer's completion: re-encoded before they are uploaded or queued, at the app image picker's
// quality (0.5 when the enterprise's 上传图片时压缩 is on, otherwise 1).

export const COMPRESS_SETTING = 'app_image_compress';
/** The longest side of a photo kept; a phone's 12-megapixel picture would pass the upload's 5 MB body otherwise. */
export const MAX_SIDE = 2048;

export const imageQuality = (setting: string | undefined): number => (setting === '1' ? 0.5 : 1);

/** The picture drawn on a canvas no side longer than MAX_SIDE (on white: a JPEG has no transparency). */
async function drawn(file: Blob): Promise<HTMLCanvasElement> {
  const url = URL.createObjectURL(file);
  try {
    const img = await new Promise<HTMLImageElement>((resolve, reject) => {
      const i = new Image();
      i.onload = () => resolve(i);
      i.onerror = () => reject(new Error('图片无法读取'));
      i.src = url;
    });
    const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('图片无法读取');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The picture as a JPEG data URL at the quality given (the offline queue keeps it so). */
export async function photoDataUrl(file: Blob, quality: number): Promise<string> {
  return (await drawn(file)).toDataURL('image/jpeg', quality);
}

/**
 * A picture about to be uploaded by a form's picture field, re-encoded as a JPEG at the quality given; quality 1, a GIF
 * (it may move) or a picture that cannot be read go as they are.
 */
export async function compressedUpload(file: File, quality: number): Promise<File> {
  if (quality >= 1 || !file.type.startsWith('image/') || file.type === 'image/gif') return file;
  try {
    const canvas = await drawn(file);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
