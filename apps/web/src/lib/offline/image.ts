// Photos taken in the engineer's completion: re-encoded before they are uploaded or queued, at the app image picker's
// quality (spec part 2 §9: 0.5 when the enterprise's 上传图片时压缩 is on, otherwise 1).

export const COMPRESS_SETTING = 'app_image_compress';
/** The longest side of a photo kept; a phone's 12-megapixel picture would pass the upload's 5 MB body otherwise. */
export const MAX_SIDE = 2048;

export const imageQuality = (setting: string | undefined): number => (setting === '1' ? 0.5 : 1);

/** The picture as a JPEG data URL at the quality given, no side longer than MAX_SIDE. */
export async function photoDataUrl(file: Blob, quality: number): Promise<string> {
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
    return canvas.toDataURL('image/jpeg', quality);
  } finally {
    URL.revokeObjectURL(url);
  }
}
