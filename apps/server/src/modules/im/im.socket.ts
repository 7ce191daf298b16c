import {
  describeBadInput,
  describeIssue,
  FILE_KINDS,
  type FileKind,
  findBadInput,
  formatError,
  IM_FILE_TYPES,
  type ImEventType,
  imClientFrame,
} from '@sk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { foreignOrigin } from '../../platform/origin';
import { actorOf, planOverdue } from '../../platform/actor';
import { loadSession, type SessionUser, sessionTokenOf } from '../../platform/session';
import { type Conn, IM_CHANNEL, type ImHub, type ImSocket } from './im.hub';
import type { Executor } from '../../db/client';
import { uploadsOf } from '../files/index';
import * as repo from './im.repo';

/** Close codes the shell can tell apart (4000–4999 are the application's). */
export const CLOSE = { notLoggedIn: 4401, expired: 4402, refused: 4403 } as const;

type Raw = Buffer | ArrayBuffer | Buffer[];

interface Token {
  value: string | undefined;
}

/** The app shell passes ?sessionId= (or its session-id header); the browser sends the session cookie. */
function tokenOf(req: FastifyRequest): Token {
  const q = (req.query as Record<string, unknown>)?.sessionId;
  if (typeof q === 'string' && q) return { value: q };
  return { value: sessionTokenOf(req) };
}

function refusal(session: SessionUser | null): [number, string] | null {
  if (!session) return [CLOSE.notLoggedIn, formatError('NOT_LOGGED_IN')];
  if (session.allRoles.length === 0) return [CLOSE.refused, formatError('NO_ROLE')];
  if (planOverdue(actorOf(session))) return [CLOSE.expired, formatError('SERVICE_EXPIRED')];
  return null;
}

const send = (socket: ImSocket, frame: object) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
};

function parseFrame(raw: Raw): Record<string, unknown> | null {
  try {
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString() : Buffer.from(raw as ArrayBuffer).toString();
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

async function onFrame(deps: Deps, conn: Conn, token: Token, raw: Raw): Promise<void> {
  const frame = parseFrame(raw);
  if (!frame) return send(conn.socket, { eventType: 'error', message: '消息格式错误' });
  if (frame.eventType === 'ping') return send(conn.socket, { eventType: 'pong' });
  // A logout or a disabled account ends the channel at the next message.
  const session = await loadSession(deps.db, token.value);
  if (!session || session.id !== conn.userId) {
    send(conn.socket, { eventType: 'error', message: formatError('NOT_LOGGED_IN') });
    return conn.socket.close(CLOSE.notLoggedIn, formatError('NOT_LOGGED_IN'));
  }
  const bad = findBadInput(frame);
  if (bad) return send(conn.socket, { eventType: 'error', message: describeBadInput(imClientFrame, bad) });
  const parsed = imClientFrame.safeParse(frame);
  if (!parsed.success) return send(conn.socket, { eventType: 'error', message: describeIssue(imClientFrame, parsed.error) });
  const { eventType, clientId } = parsed.data;
  const stored = await storedPayload(deps.db, conn.enterpriseId, eventType, parsed.data.payload);
  if ('refused' in stored) return send(conn.socket, { eventType: 'error', message: stored.refused });
  const { payload } = stored;
  const msg = await deps.db.transaction(async (tx) => {
    const id = await repo.insertMessage(tx, conn.enterpriseId, conn.userId, eventType, payload);
    await repo.notifyMessage(tx, IM_CHANNEL, { e: conn.enterpriseId, id, o: conn.key });
    return repo.messageById(tx, conn.enterpriseId, id, conn.timeZone);
  });
  send(conn.socket, { eventType: 'ack', clientId: clientId ?? null, data: msg });
}

/**
 * What a message keeps: a file message names an upload of the sender's enterprise (another's id: null, refused), and
 * carries its name, address, size and type as the server knows them, never as the client said.
 */
async function storedPayload(ex: Executor, enterpriseId: number, type: ImEventType, payload: unknown): Promise<{ payload: unknown } | { refused: string }> {
  if (!IM_FILE_TYPES.includes(type)) return { payload };
  const [f] = await uploadsOf(ex, enterpriseId, [(payload as { fileId: number }).fileId]);
  if (!f) return { refused: '文件不存在或已删除，请重新上传' };
  const wanted = UPLOAD_KIND_OF[type];
  if (wanted && f.kind !== wanted) return { refused: `${FILE_KINDS[wanted]}消息只能发送${FILE_KINDS[wanted]}文件` };
  return { payload: { fileId: f.id, name: f.name, url: f.url, size: f.size, ext: f.ext } };
}

/** The upload kind each media message must carry (a file message takes any). */
const UPLOAD_KIND_OF: Partial<Record<ImEventType, FileKind>> = { image: 'image', video: 'video', voice: 'audio' };

/**
 * Before the upgrade: a handshake from another site's page is refused with HTTP 403 and the envelope
 * (cross-site websocket hijacking rides on the cookie; `?sessionId=` clients send no foreign Origin either).
 */
export async function refuseForeignOrigin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (foreignOrigin(req)) await reply.code(403).send({ success: false, message: formatError('CROSS_SITE'), code: 'CROSS_SITE' });
}

export function socketHandler(deps: Deps, hub: ImHub) {
  return (socket: ImSocket, req: FastifyRequest): void => {
    const token = tokenOf(req);
    const ready = (async (): Promise<Conn | null> => {
      const session = await loadSession(deps.db, token.value);
      const refused = refusal(session);
      if (refused || !session) {
        socket.close(...(refused ?? [CLOSE.notLoggedIn, '']));
        return null;
      }
      const conn = await hub.add(socket, { enterpriseId: session.enterpriseId, userId: session.id, timeZone: session.enterprise.timeZone });
      socket.on('close', () => hub.remove(conn));
      send(socket, { eventType: 'open' });
      return conn;
    })();
    // Frames are handled one at a time, in order, once the session is known.
    let queue: Promise<unknown> = ready;
    socket.on('message', (raw) => {
      queue = queue
        .then(() => ready)
        .then((conn) => (conn ? onFrame(deps, conn, token, raw) : undefined))
        .catch((err) => {
          req.log.error(err);
          send(socket, { eventType: 'error', message: formatError('INTERNAL') });
        });
    });
    ready.catch((err) => {
      req.log.error(err);
      socket.close(1011, 'internal');
    });
  };
}
