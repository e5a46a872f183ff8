import { useNavigate, useSearchParams } from 'react-router';

/**
 * The open agent proposal, kept in the address (`?proposal=…`) so a reload or a shared link keeps it
 * open; the week navigation carries it from week to week. `open(id, date)` shows the week of `date`
 * when it is not among `dates` (a run over other dates opens where its changes are).
 */
export function useProposalParam(dates: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const proposalId = searchParams.get('proposal');
  const setProposal = (id: string | null, date?: string) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('proposal', id);
    else next.delete('proposal');
    const query = next.toString() ? `?${next.toString()}` : '';
    if (id && date && !dates.includes(date)) navigate(`/schedule/${date}${query}`);
    else setSearchParams(next);
  };
  return { proposalId, setProposal };
}
