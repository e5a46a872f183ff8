import type { ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';

/**
 * What the schedule page hands the assistant's panel (features/assistant), which the app composes into
 * it (features never import each other): the team and week, the open proposal the grid also draws, and
 * the grid's own accept / reject / undo, so the panel and the grid act on a proposal one way.
 */
export type AssistantSlotProps = {
  teamId: string;
  /** The first day of the week on screen: what "Monday" means to the assistant. */
  weekStartDate: string;
  /** The team's plan has the assistant; a Free team is shown what Pro adds instead. */
  pro: boolean;
  isOwner: boolean;
  /** A side column beside the grid on a wide screen, a bottom sheet on a phone or tablet. */
  layout: 'side' | 'sheet';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The proposal open in the grid (`?proposal=`), its answer, and any error loading it. */
  proposalId: string | null;
  proposal: ProposalDto | undefined;
  proposalLoading: boolean;
  proposalError: string | null;
  /** Opens a proposal in the grid (its week when `date` is outside the one on screen). */
  onProposal: (proposalId: string, date?: string) => void;
  onAccept: (changeIds: string[]) => Promise<void>;
  onReject: (changeIds: string[]) => Promise<void>;
  onUndo: () => Promise<void>;
  staffName: (staffId: string) => string;
  /** The loaded shifts, to describe an update or a removal. */
  shifts: readonly ShiftDto[];
};
