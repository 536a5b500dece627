/**
 * The moderation routes: players report and block; moderators read the report queue, a player's history and the log,
 * mute, ban and appoint. Every `/api/mod/` route answers anyone but a moderator with 403.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { UserInfo } from '@qiyuan/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Moderation } from './moderation.js';
import { REPORT_REASONS, type ReportReason, type Standing } from './repos/moderation.js';

/** Reports one player may make per hour (counted in the store, so every process agrees). */
export const REPORTS_PER_HOUR = 10;
const TEXT_MAX = 2000;
const REASON_MAX = 500;
/** The longest mute: a month; longer is a ban. */
const MUTE_MAX_MINUTES = 31 * 24 * 60;

type Body = Record<string, unknown> | null | undefined;

const text = (v: unknown, max: number): string | undefined =>
  typeof v === 'string' && v.trim().length > 0 && v.length <= max ? v.trim() : undefined;

export const moderationRoutes = (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  mod: Moderation,
  who: (req: FastifyRequest, reply: FastifyReply) => Promise<UserInfo>,
): void => {
  const repo = mod.repo;
  const bad = (reply: FastifyReply, reason: string) => reply.code(400).send({ code: 'bad-request', reason });

  /** The signed-in account, or a 401 already sent. */
  const account = async (req: FastifyRequest, reply: FastifyReply): Promise<UserInfo | undefined> => {
    const u = await who(req, reply);
    if (!u.guest) return u;
    reply.code(401).send({ code: 'no-session', reason: 'log in first' });
    return undefined;
  };

  /** The moderator making the request, or a 403 (401 without an account) already sent. */
  const moderator = async (req: FastifyRequest, reply: FastifyReply): Promise<Standing | undefined> => {
    const u = await account(req, reply);
    if (!u) return undefined;
    const m = await mod.isModerator(u);
    if (!m) reply.code(403).send({ code: 'forbidden', reason: 'only moderators may do this' });
    return m;
  };

  /** The account named in the path, or a 404 already sent. */
  const named = async (name: string, reply: FastifyReply): Promise<Standing | undefined> => {
    const u = await repo.byName(name);
    if (u && !u.guest) return u;
    reply.code(404).send({ code: 'not-found', reason: 'no such player' });
    return undefined;
  };

  app.get('/api/me/role', async (req, reply) => {
    const u = await who(req, reply);
    const s = u.guest ? undefined : await repo.byId(u.id);
    return { role: s?.role ?? 'none', mutedUntil: s?.mutedUntil ?? null, muteReason: s?.muteReason ?? null };
  });

  // ---------------------------------------------------------------- reports

  app.post('/api/reports', async (req, reply) => {
    const me = await account(req, reply);
    if (!me) return reply;
    const b = req.body as Body;
    const reason = b?.reason;
    if (typeof reason !== 'string' || !REPORT_REASONS.includes(reason as ReportReason)) {
      return bad(reply, `reason is one of ${REPORT_REASONS.join(', ')}`);
    }
    const body = typeof b?.text === 'string' ? b.text.trim() : '';
    if (body.length > TEXT_MAX) return bad(reply, `the text has at most ${TEXT_MAX} characters`);
    if (typeof b?.user !== 'string') return bad(reply, 'send {user, reason, text, gameId?}');
    const gameId = b.gameId === undefined || b.gameId === null ? null : b.gameId;
    if (gameId !== null && (typeof gameId !== 'string' || !(await repo.gameExists(gameId)))) {
      return bad(reply, 'no such game');
    }
    const target = await named(b.user, reply);
    if (!target) return reply;
    if (target.id === me.id) return bad(reply, 'you cannot report yourself');
    const now = mod.now();
    if ((await repo.reportsSince(me.id, now - 3_600_000)) >= REPORTS_PER_HOUR) {
      return reply
        .code(429)
        .send({ code: 'rate-limited', reason: `at most ${REPORTS_PER_HOUR} reports an hour; try again later` });
    }
    const id = await repo.addReport({
      reporterId: me.id,
      userId: target.id,
      reason: reason as ReportReason,
      text: body,
      gameId,
      at: now,
    });
    return reply.code(201).send({ id });
  });

  app.get('/api/mod/reports', async (req, reply) => {
    if (!(await moderator(req, reply))) return reply;
    const reports = await repo.reports();
    return {
      reports: reports.map((r) => ({ ...r, game: r.gameId ? `/#/replay/${encodeURIComponent(r.gameId)}` : null })),
    };
  });

  app.post<{ Params: { id: string } }>('/api/mod/reports/:id/close', async (req, reply) => {
    const m = await moderator(req, reply);
    if (!m) return reply;
    const note = text((req.body as Body)?.note, REASON_MAX) ?? '';
    const r = await repo.report(req.params.id);
    if (!r) return reply.code(404).send({ code: 'not-found', reason: 'no such report' });
    if (!(await repo.closeReport(r.id, m.name, note, mod.now()))) {
      return reply.code(409).send({ code: 'closed', reason: 'this report is closed already' });
    }
    await repo.log({
      moderator: m,
      action: 'close-report',
      user: r.user,
      reason: note,
      details: { report: r.id },
      at: mod.now(),
    });
    return { ok: true };
  });

  // ---------------------------------------------------------------- blocks

  app.post<{ Params: { name: string } }>('/api/users/:name/block', async (req, reply) => {
    const me = await account(req, reply);
    if (!me) return reply;
    const target = await named(req.params.name, reply);
    if (!target) return reply;
    if (target.id === me.id) return bad(reply, 'you cannot block yourself');
    await mod.block(me, target);
    return { ok: true };
  });

  app.delete<{ Params: { name: string } }>('/api/users/:name/block', async (req, reply) => {
    const me = await account(req, reply);
    if (!me) return reply;
    const target = await named(req.params.name, reply);
    if (!target) return reply;
    await mod.unblock(me, target);
    return { ok: true };
  });

  app.get('/api/me/blocks', async (req, reply) => {
    const me = await account(req, reply);
    if (!me) return reply;
    return { blocks: await repo.blocksOf(me.id) };
  });

  // ---------------------------------------------------------------- moderators' actions

  /** The reason every moderator action must give. */
  const reasonOf = (req: FastifyRequest): string | undefined => text((req.body as Body)?.reason, REASON_MAX);

  app.get<{ Params: { name: string } }>('/api/mod/users/:name', async (req, reply) => {
    if (!(await moderator(req, reply))) return reply;
    const u = await named(req.params.name, reply);
    if (!u) return reply;
    const [reports, made, log] = await Promise.all([
      repo.reportsAbout(u.id),
      repo.reportsBy(u.id),
      repo.logEntries(u.id),
    ]);
    return { user: u, reports, made, log };
  });

  app.post<{ Params: { name: string } }>('/api/mod/users/:name/mute', async (req, reply) => {
    const m = await moderator(req, reply);
    if (!m) return reply;
    const minutes = (req.body as Body)?.minutes;
    const reason = reasonOf(req);
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MUTE_MAX_MINUTES) {
      return bad(reply, `minutes is a whole number from 1 to ${MUTE_MAX_MINUTES}`);
    }
    if (!reason) return bad(reply, `give a reason (at most ${REASON_MAX} characters)`);
    const u = await named(req.params.name, reply);
    if (!u) return reply;
    return { until: await mod.mute(m, u, minutes, reason) };
  });

  app.post<{ Params: { name: string } }>('/api/mod/users/:name/unmute', async (req, reply) => {
    const m = await moderator(req, reply);
    if (!m) return reply;
    const u = await named(req.params.name, reply);
    if (!u) return reply;
    await mod.unmute(m, u, reasonOf(req) ?? '');
    return { ok: true };
  });

  app.post<{ Params: { name: string } }>('/api/mod/users/:name/ban', async (req, reply) => {
    const m = await moderator(req, reply);
    if (!m) return reply;
    const reason = reasonOf(req);
    if (!reason) return bad(reply, `give a reason (at most ${REASON_MAX} characters)`);
    const u = await named(req.params.name, reply);
    if (!u) return reply;
    if (u.id === m.id) return bad(reply, 'you cannot ban yourself');
    return { ok: true, ...(await mod.ban(m, u, reason)) };
  });

  app.post<{ Params: { name: string } }>('/api/mod/users/:name/unban', async (req, reply) => {
    const m = await moderator(req, reply);
    if (!m) return reply;
    const u = await named(req.params.name, reply);
    if (!u) return reply;
    await mod.unban(m, u, reasonOf(req) ?? '');
    return { ok: true };
  });

  app.post<{ Params: { name: string } }>('/api/mod/users/:name/role', async (req, reply) => {
    const m = await moderator(req, reply);
    if (!m) return reply;
    const role = (req.body as Body)?.role;
    if (role !== 'moderator' && role !== 'none') return bad(reply, 'role is moderator or none');
    const u = await named(req.params.name, reply);
    if (!u) return reply;
    if (u.closedAt !== null || u.bannedAt !== null) return bad(reply, 'this account is closed or banned');
    await mod.setRole(m, u, role, reasonOf(req) ?? '');
    return { ok: true };
  });

  app.get<{ Querystring: { user?: string } }>('/api/mod/log', async (req, reply) => {
    if (!(await moderator(req, reply))) return reply;
    let userId: string | undefined;
    if (req.query.user) {
      const u = await named(req.query.user, reply);
      if (!u) return reply;
      userId = u.id;
    }
    return { log: await repo.logEntries(userId) };
  });
};
