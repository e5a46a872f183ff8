import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { serializeError, serializeRequest } from './lib/log-redaction.ts';
import type { ModelEngine } from './modules/assistant/assistant.model.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import sessionPlugin from './modules/auth/session.plugin.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { dayNotesRoutes } from './modules/day-notes/day-notes.module.ts';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.ts';
import { emailChangeRoutes } from './modules/email-change/email-change.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import { labourRoutes } from './modules/labour/labour.routes.ts';
import noShowCheckerPlugin from './modules/no-shows/no-show-checker.plugin.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { openShiftsRoutes } from './modules/open-shifts/open-shifts.routes.ts';
import { proposalRoutes } from './modules/proposals/proposal.routes.ts';
import realtimeHubPlugin from './modules/realtime/realtime-hub.plugin.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { requestsRoutes } from './modules/requests/requests.routes.ts';
import { agentRunRoutes } from './modules/schedule-agent/runs.routes.ts';
import type { Planner } from './modules/schedule-agent/runs.service.ts';
import { shiftsRoutes } from './modules/shifts/shifts.routes.ts';
import type { WeekCache } from './modules/shifts/week-cache.ts';
import { sickCallRoutes } from './modules/sick-calls/sick-calls.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { staffingSettingsRoutes } from './modules/staffing/staffing-settings.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import supportModePlugin from './modules/support/support-mode.plugin.ts';
import { supportSessionRoutes } from './modules/support/support-session.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { timeClockRoutes } from './modules/time-clock/time-clock.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import compressionPlugin from './plugins/compression.ts';
import cookiesPlugin from './plugins/cookies.ts';
import databasePlugin from './plugins/database.ts';
import errorsPlugin from './plugins/errors.ts';
import lifecyclePlugin from './plugins/lifecycle.ts';
import mailPlugin, { type Mailer } from './plugins/mail.ts';
import openapiPlugin from './plugins/openapi.ts';
import originCheckPlugin from './plugins/origin-check.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import readMemoLinkPlugin from './plugins/read-memo-link.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import socketIoPlugin from './plugins/socket-io.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createServices } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type BuildOptions = {
  /** A database the caller opened (tests); otherwise one is opened from the config and closed on shutdown. */
  database?: Database;
  /**
   * The week read's cache (benchmarks pass one that keeps nothing, to measure a read after a
   * change); by default each app has its own (modules/shifts/week-cache.ts).
   */
  weekCache?: WeekCache;
  /** Replaces the schedule agent's planner (tests that make it fail or answer a fixed plan). */
  agentPlanner?: Planner;
  /** Replaces the assistant's language model (tests of the model's answers). */
  assistantModel?: ModelEngine;
  /** The time clock's clock (tests that clock in at a chosen moment); Date.now by default. */
  clock?: () => number;
  /** PGlite started early by main.ts; opened (migrated) and owned by the app like its own. */
  pglite?: PGlite;
  /** Replaces the configured mailer (tests that make sending fail). */
  mailer?: Mailer;
  /** false silences logs (tests); otherwise pino at config.logLevel. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read them). */
  logStream?: Writable;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server; `main.ts` listens, tests call `app.inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Tokens and query values never reach the log (lib/log-redaction).
  const serializers = { req: serializeRequest, err: serializeError };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : options.logStream
          ? { level: config.logLevel, stream: options.logStream, serializers }
          : {
              level: config.logLevel,
              serializers,
              ...(config.nodeEnv === 'production' || !process.stdout.isTTY
                ? {}
                : {
                    transport: {
                      target: 'pino-pretty',
                      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                    },
                  }),
            },
    // The client address comes from X-Forwarded-For only through the proxies TRUST_PROXY names.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // A hop count: believe that many proxies in front of us, counted from our side.
          (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While stopping, requests that reach us are served (with `Connection: close`, plugins/lifecycle.ts)
    // rather than refused with Fastify's bare 503: /api/health is what tells a balancer to go elsewhere.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      ...(options.pglite ? { pglite: options.pglite } : {}),
    }));
  if (!options.database) {
    app.log.info(
      database.kind === 'pglite'
        ? `database: DATABASE_URL not set, using embedded PGlite in ${path.resolve(config.dataDir, 'pglite')}`
        : 'database: PostgreSQL from DATABASE_URL',
    );
  }

  // Plugins first: they wrap libraries and infrastructure and import no module (test/layers.test.ts),
  // so every module registered below can rely on them: errors, draining (SIGTERM), security headers,
  // compression, the database, cookies, origin checks, mail, rate limits, Socket.IO, and the OpenAPI
  // document (which must be registered before the routes it describes).
  await app.register(errorsPlugin);
  await app.register(lifecyclePlugin);
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { database, closeOnShutdown: !options.database });
  await app.register(cookiesPlugin);
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl });
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    override: options.mailer,
  });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  await app.register(socketIoPlugin, { redisUrl: config.redisUrl, publicUrl: config.publicUrl });
  await app.register(readMemoLinkPlugin, { redisUrl: config.redisUrl });
  await app.register(openapiPlugin);

  // Then the modules that every route depends on. Support mode first (an agent logged in as a user):
  // the session's hook resolves both cookies in one go and hands support mode its part, which makes
  // the request the user's. The live hub authenticates sockets through that same resolution.
  await app.register(supportModePlugin, {
    secureCookies: config.publicUrl.startsWith('https:'),
    supportEmails: config.supportEmails,
    onTicketChanged: (ticketId, userId) => app.realtime.supportTicketUpdated(ticketId, userId),
    onLeave: (supportSessionId) => app.realtime.disconnectSupportSession(supportSessionId),
  });
  await app.register(sessionPlugin, { secureCookies: config.publicUrl.startsWith('https:') });
  await app.register(realtimeHubPlugin);

  // The composition root: every feature's service, made once from the infrastructure above.
  app.decorate(
    'services',
    createServices(app, {
      ...(options.weekCache ? { weekCache: options.weekCache } : {}),
      ...(options.agentPlanner ? { agentPlanner: options.agentPlanner } : {}),
      ...(options.assistantModel ? { assistantModel: options.assistantModel } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );

  // The no-show checker's timer: started when the app is ready, stopped (its round awaited) on close.
  await app.register(noShowCheckerPlugin, { intervalMs: config.noShowCheckMs });

  // Feature modules: thin routes over services.
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(emailChangeRoutes);
  await app.register(usersRoutes);
  await app.register(supportRoutes);
  await app.register(supportSessionRoutes);
  await app.register(teamsRoutes);
  await app.register(staffRoutes);
  await app.register(availabilityRoutes);
  await app.register(invitesRoutes);
  await app.register(shiftsRoutes);
  await app.register(dayNotesRoutes);
  await app.register(billingRoutes);
  await app.register(requestsRoutes);
  await app.register(notificationsRoutes);
  await app.register(openShiftsRoutes);
  await app.register(sickCallRoutes);
  await app.register(reportsRoutes);
  await app.register(staffingSettingsRoutes);
  await app.register(agentRunRoutes);
  await app.register(proposalRoutes);
  await app.register(labourRoutes);
  await app.register(timeClockRoutes);
  await app.register(assistantRoutes);
  await app.register(calendarRoutes);
  if (app.mailer.kind === 'outbox') await app.register(devMailRoutes);

  // Last: the built web app and the fallback for client-side routes.
  await app.register(webAppPlugin, {
    distDir: config.webDistDir ?? defaultWebDist,
    publicUrl: config.publicUrl,
  });
  return app;
}
