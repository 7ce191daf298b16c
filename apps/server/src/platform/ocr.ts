import type { Config } from '../config';
import type { Deps } from './deps';
import { AppError } from './errors';

export type OcrType = 'nameplate' | 'businessCard';
export interface OcrResult {
  type: OcrType;
  /** Everything read, line by line. */
  text: string;
  /** Named fields (nameplate: model, serialNumber, brand…; business card: name, mobile, company…). */
  fields: Record<string, string>;
}

/** Reads text from an image (GET /ocr/ali). Deployments plug in their OCR provider behind this. */
export interface OcrReader {
  read(image: Buffer, mime: string, type: OcrType): Promise<OcrResult>;
}

/** Default: no provider, so the page asks the user to type it (a clear Chinese refusal, never a guess). */
export class NoOcrReader implements OcrReader {
  async read(): Promise<OcrResult> {
    throw new AppError('OCR_OFF');
  }
}

/**
 * Posts { type, mime, image (base64) } as JSON to a gateway (an Aliyun OCR adapter or any other) and takes
 * { text, fields } back. A non-2xx answer, a time-out or another shape is OCR_FAILED.
 */
export class HttpOcrReader implements OcrReader {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 15_000,
  ) {}
  async read(image: Buffer, mime: string, type: OcrType): Promise<OcrResult> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type, mime, image: image.toString('base64') }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new AppError('OCR_FAILED', { detail: err instanceof Error && err.name === 'TimeoutError' ? '识别服务超时' : '无法连接识别服务' });
    }
    if (!res.ok) throw new AppError('OCR_FAILED', { detail: `识别服务返回 ${res.status}` });
    const body = (await res.json().catch(() => null)) as { text?: unknown; fields?: unknown } | null;
    if (!body || typeof body.text !== 'string') throw new AppError('OCR_FAILED', { detail: '识别服务的应答无法解析' });
    const fields: Record<string, string> = {};
    if (body.fields && typeof body.fields === 'object')
      for (const [k, v] of Object.entries(body.fields as Record<string, unknown>)) if (typeof v === 'string') fields[k.slice(0, 64)] = v.slice(0, 500);
    return { type, text: body.text.slice(0, 5000), fields };
  }
}

export function createOcrReader(config: Config): OcrReader {
  if (config.OCR_PROVIDER === 'http' && config.OCR_HTTP_URL) return new HttpOcrReader(config.OCR_HTTP_URL);
  return new NoOcrReader();
}

/** The app's reader: a registered 'ocr' service, else the one the configuration names. */
export function ocrOf(deps: Deps): OcrReader {
  let r = deps.services.get('ocr') as OcrReader | undefined;
  if (!r) {
    r = createOcrReader(deps.config);
    deps.services.set('ocr', r);
  }
  return r;
}
