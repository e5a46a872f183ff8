import type { AgentRunResult } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { lazy, Suspense, useRef } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/api-client';
import type { Staffing } from './use-staffing';

// Each loads on first use: none of it is needed to see the week (the schedule's bundle budget).
const RulesPanel = lazyDialog(() => import('./rules-panel').then((module) => module.RulesPanel));
const AgentRunDialog = lazyDialog(() => import('./agent-run-dialog').then((module) => module.AgentRunDialog));
const ProposalBar = lazy(() => import('./proposal-bar'));

/**
 * The staffing panels over the week grid, for an administrator of a Pro team: the Rules panel, the
 * agent's dialog and the open proposal's bar.
 */
export function StaffingLayer({
  teamId,
  staffing,
  startDate,
  endDate,
  proposalId,
  shifts,
  staff,
  isOwner,
  rulesOpen,
  onRulesOpenChange,
  agentOpen,
  onAgentOpenChange,
  onProposal,
  onCloseProposal,
  onShowShift,
  hideProposalBar = false,
}: {
  teamId: string;
  staffing: Staffing;
  startDate: string;
  endDate: string;
  proposalId: string | null;
  shifts: readonly ShiftDto[];
  staff: readonly StaffDto[];
  isOwner: boolean;
  rulesOpen: boolean;
  onRulesOpenChange: (open: boolean) => void;
  agentOpen: boolean;
  onAgentOpenChange: (open: boolean) => void;
  onProposal: (result: AgentRunResult) => void;
  onCloseProposal: () => void;
  onShowShift: (shift: ShiftDto) => void;
  /** The assistant's panel is showing this proposal as its own list: one list on screen, not two. */
  hideProposalBar?: boolean;
}) {
  // With no Radix trigger (the panel opens from the week tools or the phone's menu), focus goes back
  // by hand to whatever had it when the panel opened.
  const returnTo = useRef<HTMLElement | null>(null);
  const setRulesOpen = (open: boolean) => {
    if (open && document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
    onRulesOpenChange(open);
  };
  const { validation, proposal } = staffing;
  const names = new Map(staff.map((member) => [member.staffId, member.fullName]));
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
          <ProposalBar
            proposal={proposal.data}
            loading={proposal.isPending}
            error={proposal.isError ? errorMessage(proposal.error, 'It may have been deleted.') : null}
            staffName={(staffId) => names.get(staffId) ?? 'someone no longer on the team'}
            shifts={shifts}
            onAccept={staffing.accept}
            onReject={staffing.reject}
            onUndo={staffing.undo}
            onClose={onCloseProposal}
          />
        </Suspense>
      ) : null}
    </>
  );
}
