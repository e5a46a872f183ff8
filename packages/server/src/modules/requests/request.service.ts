import type { ParsedRequestInput, RequestDto } from '@rotaboard/core/contracts/requests';
import type { UserRow } from '../../db/rows.ts';
import { createExchangeService } from './exchange.service.ts';
import { createLeaveService } from './leave.service.ts';
import { createRequestRepository } from './request.repository.ts';
import { createRequestContext, isExchange, type RequestServiceDeps } from './request-context.ts';

/**
 * Requests (spec 2 §3–§7, issue 13): one service for the routes, made of its parts: time off and other
 * requests with the list, review and cancel of any kind (leave.service), and swaps and give-aways
 * (exchange.service: asking, the colleague's answer, the approval), which share the access opening,
 * DTOs and emails (request-context). The bell's pending requests are request-notifications.ts.
 */
export function createRequestService(deps: RequestServiceDeps) {
  const ctx = createRequestContext(deps);
  const leave = createLeaveService(deps, ctx);
  const exchanges = createExchangeService(deps, ctx);
  return {
    ...leave,
    respond: exchanges.respond,

    async create(user: UserRow, teamId: string, input: ParsedRequestInput): Promise<RequestDto> {
      if (input.requestType === 'swap' || input.requestType === 'give_away') {
        return exchanges.create(user, teamId, input);
      }
      return leave.create(user, teamId, input);
    },

    /** Approving a swap or give-away moves shifts (exchange.service); every other decision is leave.service's. */
    review: (async (user, teamId, requestId, input) => {
      if (input.status === 'approved') {
        // The kind never changes, so reading it before the transaction is safe.
        const known = await createRequestRepository(deps.db).findWithNames(requestId);
        if (known && known.teamId === teamId && isExchange(known)) {
          return exchanges.approve(user, teamId, requestId, input.adminComments);
        }
      }
      return leave.review(user, teamId, requestId, input);
    }) satisfies typeof leave.review,
  };
}
