import type { Db } from '../../db/db.ts';
import { createProposalRepository, type ProposalRepository } from './proposal.repository.ts';

/**
 * What the modules that make proposals (the schedule agent, the assistant) may do with them: store a
 * new one and read the agent's log. Accepting, rejecting and undoing belong to this module's service.
 */
export type ProposalStore = Pick<ProposalRepository, 'insert' | 'agentLog'>;

export const proposalStore = (db: Db): ProposalStore => createProposalRepository(db);
