import type { AgentRunResult, ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ValidatePeriodResult } from '@rotaboard/core/contracts/schedule-agent';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/api-client';

// Each loads on first use: none of it is needed to see the week (the schedule's bundle budget).
const RulesPanel = lazyDialog(() => import('./rules-panel').then((module) => module.RulesPanel));
const AgentRunDialog = lazyDialog(() => import('./agent-run-dialog').then((module) => module.AgentRunDialog));
const ProposalView = lazy(() => import('../../../components/proposal-view'));

/**
 * The staffing panels over the week grid, for an administrator of a Pro team: the Rules panel, the
 * agent's dialog and the open proposal's bar.
 */
export function WeekStaffingPanels({
  teamId,
  startDate,
  endDate,
  validation,
  proposal,
  proposalId,
  shifts,
  staffName,
  isOwner,
  rulesOpen,
  onRulesOpenChange,
  agentOpen,
  onAgentOpenChange,
  onProposal,
  onCloseProposal,
  onShowShift,
  onAccept,
  onReject,
  onUndo,
  hideProposalBar = false,
  currency,
}: {
  teamId: string;
  startDate: string;
  endDate: string;
  /** The week checked against the rules. */
  validation: UseQueryResult<ValidatePeriodResult>;
  /** The open proposal, its answer and any error loading it. */
  proposal: { data: ProposalDto | undefined; loading: boolean; error: string | null };
  proposalId: string | null;
  shifts: readonly ShiftDto[];
  staffName: (staffId: string) => string;
  isOwner: boolean;
  rulesOpen: boolean;
  onRulesOpenChange: (open: boolean) => void;
  agentOpen: boolean;
  onAgentOpenChange: (open: boolean) => void;
  onProposal: (result: AgentRunResult) => void;
  onCloseProposal: () => void;
  onShowShift: (shift: ShiftDto) => void;
  onAccept: (changeIds: string[]) => Promise<void>;
  onReject: (changeIds: string[]) => Promise<void>;
  onUndo: () => Promise<void>;
  /** The assistant's panel is showing this proposal as its own list: one list on screen, not two. */
  hideProposalBar?: boolean;
  /** The team's currency (ISO 4217), for the proposal's cost. */
  currency: string;
}) {
  // With no Radix trigger (the panel opens from the week tools or the phone's menu), focus goes back
  // by hand to whatever had it when the panel opened.
  const returnTo = useRef<HTMLElement | null>(null);
  const setRulesOpen = (open: boolean) => {
    if (open && document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
    onRulesOpenChange(open);
  };
  return (
    <>
      <RulesPanel
        open={rulesOpen}
        onOpenChange={setRulesOpen}
        startDate={startDate}
        endDate={endDate}
        result={validation.data}
        loading={validation.isFetching}
        error={validation.isError ? errorMessage(validation.error, 'The week could not be checked.') : null}
        shifts={shifts}
        onShowShift={(shift) => {
          // The editor takes focus; it returns it to where it was before, not here.
          returnTo.current = null;
          onShowShift(shift);
        }}
        onCloseAutoFocus={(event) => {
          const target = returnTo.current;
          returnTo.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      />
      <AgentRunDialog
        open={agentOpen}
        onOpenChange={onAgentOpenChange}
        teamId={teamId}
        startDate={startDate}
        endDate={endDate}
        isOwner={isOwner}
        onProposal={onProposal}
      />
      {proposalId && !hideProposalBar ? (
        <Suspense fallback={null}>
          <ProposalView
            layout="bar"
            proposal={proposal.data}
            loading={proposal.loading}
            error={proposal.error}
            staffName={staffName}
            shifts={shifts}
            onAccept={onAccept}
            onReject={onReject}
            onUndo={onUndo}
            onClose={onCloseProposal}
            currency={currency}
          />
        </Suspense>
      ) : null}
    </>
  );
}
