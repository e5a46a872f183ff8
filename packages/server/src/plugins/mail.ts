import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devOutbox } from '../db/schema.ts';

/** What an email says (modules/mail/templates.ts writes them): HTML with a plain-text twin. */
export type EmailContent = { subject: string; html: string; text: string };
export type OutgoingEmail = EmailContent & { to: string };
export type OutboxEmail = OutgoingEmail & { id: string; createdAt: Date; links: string[] };

export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(email: OutgoingEmail): Promise<void>;
  /** The dev outbox, newest first; empty when mail goes out over SMTP. */
  outbox(limit?: number): Promise<OutboxEmail[]>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** What services log with (Fastify's logger fits). */
export type WarnLog = { warn(obj: unknown, msg: string): void };

/**
 * Sends the emails about a change that has already committed. A failure is logged, never thrown:
 * an error answer would read as "the change failed", and it did not.
 */
export async function sendAfterCommit(
  mailer: Mailer,
  mails: readonly (OutgoingEmail | null)[],
  log?: WarnLog,
): Promise<void> {
  for (const mail of mails) {
    if (!mail) continue;
    try {
      await mailer.send(mail);
    } catch (err) {
      log?.warn({ err, to: mail.to, subject: mail.subject }, 'email about a committed change not sent');
    }
  }
}

const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Emails go out over SMTP_URL; without it (never in production) they are kept in the dev outbox. */
export default fp(
  async (
    app: FastifyInstance,
    opts: { smtpUrl: string | undefined; mailFrom: string; override?: Mailer },
  ) => {
    if (opts.override) {
      app.decorate('mailer', opts.override);
      return;
    }
    if (opts.smtpUrl) {
      // Loaded only when configured (start-up, bench/startup.bench.ts).
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport(opts.smtpUrl);
      app.addHook('onClose', async () => transport.close());
      app.decorate('mailer', {
        kind: 'smtp',
        async send(email) {
          await transport.sendMail({ from: opts.mailFrom, ...email });
        },
        async outbox() {
          return [];
        },
      } satisfies Mailer);
      return;
    }
    app.log.info('mail: SMTP_URL not set, emails go to the dev outbox at /dev/mail');
    app.decorate('mailer', {
      kind: 'outbox',
      async send(email) {
        await app.db.insert(devOutbox).values(email);
        // One line per link so a developer can sign in straight from the terminal.
        for (const link of email.text.match(LINK_PATTERN) ?? []) {
          app.log.info(`mail to ${email.to} (${email.subject}): ${link}`);
        }
      },
      async outbox(limit = 50) {
        const rows = await app.db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
        return rows.map((row) => ({ ...row, links: [...new Set(row.text.match(LINK_PATTERN) ?? [])] }));
      },
    } satisfies Mailer);
  },
  { name: 'mail', dependencies: ['database'] },
);
