import type { NewTicketInput, TicketDto, TicketSummaryDto } from '@rotaboard/core/contracts/support';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import { supportModeEnd } from '@rotaboard/core/support/support-mode';
import { displayName } from '@rotaboard/core/users/profile';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import type { Mailer, OutgoingEmail, WarnLog } from '../../plugins/mail.ts';
import { runCommand } from '../audit/command.ts';
import { ticketOpenedEmail, ticketReplyEmail } from '../mail/templates.ts';
import { createSupportRepository, type TicketRow } from './support.repository.ts';
import { createSupportSessionRepository } from './support-session.repository.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const AGENTS_CANNOT_CREATE = 'Support agents can respond to and close tickets, but not create them';
export const TICKET_CLOSED = 'This ticket is closed. Reopen it to send a message.';

/** Agents are the exact addresses in SUPPORT_EMAILS (no @domain entries: an agent can act as anyone). */
export function isSupportAgent(user: { email: string }, supportEmails: readonly string[]): boolean {
  return supportEmails.includes(user.email.toLowerCase());
}

/** The bell's support entry: tickets with a reply this person has not opened (agents: any user's). */
export async function supportNotification(db: Db, user: UserRow, supportEmails: readonly string[]) {
  const pendingCount = await createSupportRepository(db).unreadCount(
    isSupportAgent(user, supportEmails) ? 'support' : { userId: user.id },
  );
  return pendingCount > 0 ? { type: 'support', teamId: null, teamName: null, pendingCount } : null;
}

/** Support tickets between users and the agents in SUPPORT_EMAILS (spec 2 §2–§7, issue 14). */
export function createSupportService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  supportEmails: readonly string[];
  proEmails: readonly string[];
  log?: WarnLog;
  /** Live delivery: the ticket's user and the agents hear of each committed change. */
  events?: { supportTicketUpdated(ticketId: string, userId: string): void };
}) {
  const { db } = deps;
  const isAgent = (user: UserRow) => isSupportAgent(user, deps.supportEmails);
  const tierOf = (user: UserRow) => effectiveTier(billingStateOf(user), user.email, deps.proEmails);
  const ticketUrl = (id: string) => `${deps.publicUrl}/support/${id}`;
  /** A command's after-effect, so listeners refetch committed data. */
  const ticketUpdated = (ticket: { id: string; userId: string }) => () =>
    deps.events?.supportTicketUpdated(ticket.id, ticket.userId);
  /** What support's commands use: no team, so no live team events; emails after commit. */
  const command = { db, mailer: deps.mailer, ...(deps.log ? { log: deps.log } : {}) };

  const summary = (row: TicketRow, agent: boolean, owner?: UserRow): TicketSummaryDto => ({
    id: row.id,
    title: row.title,
    type: row.type,
    status: row.status,
    unread: agent ? row.unreadBySupport : row.unreadByUser,
    lastUpdated: row.updatedAt.toISOString(),
    ...(agent
      ? { userId: row.userId, priority: owner ? planAllows(tierOf(owner), 'prioritySupport') : false }
      : {}),
  });

  /** The viewer's ticket: agents see any, users their own; anything else is not found. */
  async function visible(tx: Db, user: UserRow, ticketId: string, lock = false): Promise<TicketRow> {
    const repo = createSupportRepository(tx);
    const row = lock ? await repo.lock(ticketId) : await repo.find(ticketId);
    if (!row || (!isAgent(user) && row.userId !== user.id))
      throw new DomainError(ErrorCode.NOT_FOUND, TICKET_NOT_FOUND);
    return row;
  }

  async function toDto(tx: Db, user: UserRow, row: TicketRow): Promise<TicketDto> {
    const repo = createSupportRepository(tx);
    const agent = isAgent(user);
    const owner = agent ? await repo.findUser(row.userId) : null;
    const messages = (await repo.messages(row.id)).map(({ message, authorFirstName }) => ({
      id: message.id,
      role: message.role,
      content: message.content,
      timestamp: message.createdAt.toISOString(),
      authorName: message.role === 'support' ? authorFirstName || 'Support' : null,
    }));
    const now = new Date();
    const supportVisits = (await createSupportSessionRepository(tx).visitsForTicket(row.id)).map(
      ({ supportSession: v, agentFirstName }) => ({
        id: v.id,
        agentName: agentFirstName || 'Support',
        startedAt: v.startedAt.toISOString(),
        endedAt: supportModeEnd(v, now)?.toISOString() ?? null,
      }),
    );
    return {
      ...summary(row, agent, owner ?? undefined),
      messages,
      supportVisits,
      isSupportUser: agent,
      ...(agent && owner
        ? {
            userDetails: {
              firstName: owner.firstName,
              lastName: owner.lastName,
              email: owner.email,
              subscriptionTier: tierOf(owner),
              stripeCustomerId: owner.billingProvider === 'stripe' ? owner.billingCustomerId : null,
              userCreatedAt: owner.createdAt.toISOString(),
              lastLogin: owner.lastLoginAt?.toISOString() ?? null,
            },
          }
        : {}),
    };
  }

  return {
    isAgent,

    /** A user's own tickets; for agents, everyone's with Pro accounts first ("priority support"). */
    async list(user: UserRow): Promise<TicketSummaryDto[]> {
      const repo = createSupportRepository(db);
      if (!isAgent(user)) return (await repo.listForUser(user.id)).map((row) => summary(row, false));
      const rows = (await repo.listAll()).map(({ ticket, user: owner }) => summary(ticket, true, owner));
      // Stable: within each group, most recently active first (the query's order).
      return [...rows.filter((t) => t.priority), ...rows.filter((t) => !t.priority)];
    },

    async create(
      user: UserRow,
      input: { title: string; type: NewTicketInput['type']; message: string },
    ): Promise<TicketDto> {
      if (isAgent(user)) throw new DomainError(ErrorCode.FORBIDDEN, AGENTS_CANNOT_CREATE);
      return runCommand(command, { teamId: null, actor: user }, async (tx, effects) => {
        const repo = createSupportRepository(tx);
        const ticket = await repo.insertTicket({
          userId: user.id,
          title: input.title,
          type: input.type ?? 'Help',
        });
        const message = await repo.insertMessage({
          ticketId: ticket.id,
          role: 'user',
          authorId: user.id,
          content: input.message,
        });
        effects.audit({
          entityType: 'support_ticket',
          entityId: ticket.id,
          action: 'CREATE',
          newValues: { title: ticket.title, type: ticket.type, status: ticket.status },
        });
        effects.audit({
          entityType: 'support_message',
          entityId: message.id,
          action: 'CREATE',
          newValues: { ticketId: ticket.id, role: 'user' },
        });
        const priority = planAllows(tierOf(user), 'prioritySupport');
        const mails = deps.supportEmails
          .filter((email) => !email.startsWith('@'))
          .map((to) => ({
            to,
            ...ticketOpenedEmail({
              url: ticketUrl(ticket.id),
              title: ticket.title,
              type: ticket.type,
              from: displayName(user),
              priority,
            }),
          }));
        effects.afterCommit(ticketUpdated({ id: ticket.id, userId: user.id }));
        effects.mail(...mails);
        return toDto(tx, user, ticket);
      });
    },

    /** The thread; opening it marks the other side's replies read for this side. */
    async get(user: UserRow, ticketId: string): Promise<TicketDto> {
      return db.transaction(async (tx) => {
        let row = await visible(tx, user, ticketId, true);
        const agent = isAgent(user);
        if (agent ? row.unreadBySupport : row.unreadByUser) {
          row = await createSupportRepository(tx).update(
            row.id,
            agent ? { unreadBySupport: false } : { unreadByUser: false },
          );
        }
        return toDto(tx, user, row);
      });
    },

    async reply(user: UserRow, ticketId: string, content: string): Promise<TicketDto> {
      return runCommand(command, { teamId: null, actor: user }, async (tx, effects) => {
        const row = await visible(tx, user, ticketId, true);
        if (row.status !== 'open') throw new DomainError(ErrorCode.CONFLICT, TICKET_CLOSED);
        const agent = isAgent(user);
        const repo = createSupportRepository(tx);
        const message = await repo.insertMessage({
          ticketId,
          role: agent ? 'support' : 'user',
          authorId: user.id,
          content,
        });
        const updated = await repo.update(ticketId, {
          updatedAt: new Date(),
          ...(agent
            ? { unreadByUser: true, unreadBySupport: false }
            : { unreadBySupport: true, unreadByUser: false }),
        });
        effects.audit({
          entityType: 'support_message',
          entityId: message.id,
          action: 'CREATE',
          newValues: { ticketId, role: message.role },
        });
        const owner = agent ? await repo.findUser(row.userId) : null;
        const mails: OutgoingEmail[] = owner
          ? [
              {
                to: owner.email,
                ...ticketReplyEmail({
                  url: ticketUrl(ticketId),
                  title: row.title,
                  firstName: owner.firstName || 'there',
                }),
              },
            ]
          : [];
        effects.afterCommit(ticketUpdated(updated));
        effects.mail(...mails);
        return toDto(tx, user, updated);
      });
    },

    async setStatus(user: UserRow, ticketId: string, status: 'open' | 'closed'): Promise<TicketDto> {
      return runCommand(command, { teamId: null, actor: user }, async (tx, effects) => {
        const row = await visible(tx, user, ticketId, true);
        if (row.status === status) return toDto(tx, user, row);
        const updated = await createSupportRepository(tx).update(ticketId, { status, updatedAt: new Date() });
        effects.audit({
          entityType: 'support_ticket',
          entityId: ticketId,
          action: 'UPDATE',
          oldValues: { status: row.status },
          newValues: { status },
        });
        effects.afterCommit(ticketUpdated(updated));
        return toDto(tx, user, updated);
      });
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
