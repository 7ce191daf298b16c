import type { MultipartFile } from '@fastify/multipart';
import { BAD_TEXT_MESSAGE, type ErrorCode, formatError, hasBadText } from '@sk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors';

/** Errors of the multipart plugin that carry a Fastify code; the error handler words those. */
const coded = (err: unknown): boolean => typeof (err as { code?: unknown })?.code === 'string' && String((err as { code: string }).code).startsWith('FST_');
/**
 * Errors raised by the multipart parser itself (busboy: 'Unexpected end of multipart data',
 * 'Part terminated early'…) carry no code; they are told from a storage failure, which must stay
 * an HTTP 500, by where they were thrown.
 */
const fromParser = (err: unknown): boolean => err instanceof Error && !coded(err) && /busboy|dicer/i.test(err.stack ?? '');

/**
 * The first file of a multipart request, handed to `use`. A malformed body — a wrong boundary,
 * one cut short, an empty one — answers UPLOAD_MALFORMED in Chinese instead of the parser's raw
 * error (HTTP 500), whether the parser fails at the headers or half-way through the file.
 */
export async function withFirstFile<T>(req: FastifyRequest, missing: ErrorCode, use: (part: MultipartFile) => Promise<T>): Promise<T> {
  if (!req.isMultipart()) throw new AppError(missing);
  let part: MultipartFile | undefined;
  try {
    part = await req.file();
  } catch (err) {
    throw fromParser(err) || !coded(err) ? new AppError('UPLOAD_MALFORMED') : err;
  }
  if (!part) throw new AppError(missing);
  if (hasBadText(part.filename)) throw invalid(`文件名：${BAD_TEXT_MESSAGE}`);
  try {
    return await use(part);
  } catch (err) {
    part.file.resume();
    throw fromParser(err) ? new AppError('UPLOAD_MALFORMED') : err;
  }
}

/** What a multipart body may carry past its file's limit: boundaries, part headers, small fields. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * A multipart request whose declared Content-Length is past the file limit is refused before any of
 * its body is read (before the session, which reveals nothing): FILE_TOO_LARGE, and `Connection: close`
 * so that Node drops the connection after the answer instead of reading the rest to keep it alive.
 */
export function refuseDeclaredOversize(app: FastifyInstance, maxMb: number): void {
  const max = maxMb * 1024 * 1024 + MULTIPART_OVERHEAD;
  // A callback hook (it runs on every request): the refusal is sent without calling done, which ends the request here.
  app.addHook('onRequest', (req, reply, done) => {
    if (
      !String(req.headers['content-type'] ?? '')
        .toLowerCase()
        .startsWith('multipart/') ||
      !(Number(req.headers['content-length']) > max)
    ) {
      done();
      return;
    }
    const message = formatError('FILE_TOO_LARGE', { limit: `${maxMb}MB` });
    reply.code(200).header('connection', 'close').send({ success: false, message, code: 'FILE_TOO_LARGE' });
  });
}
