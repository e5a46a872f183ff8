import type { EmailContent } from '../../plugins/mail.ts';

/*
 * Every email Rotaboard sends: HTML with a plain-text twin, the product name, and one clear action.
 * Values are escaped; links come from PUBLIC_URL.
 */

const PRODUCT = 'Rotaboard';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function actionEmail(input: {
  subject: string;
  heading: string;
  paragraphs: string[];
  actionLabel: string;
  url: string;
  footnote: string;
}): EmailContent {
  const paragraphsHtml = input.paragraphs
    .map(
      (p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#334155">${escapeHtml(p)}</p>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px" cellspacing="0" cellpadding="0"><tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#4f46e5">${PRODUCT}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#0f172a">${escapeHtml(input.heading)}</h1>
${paragraphsHtml}
<p style="margin:24px 0"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(input.actionLabel)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#64748b">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(input.url)}" style="color:#4f46e5">${escapeHtml(input.url)}</a></p>
<p style="margin:0;font-size:13px;color:#64748b">${escapeHtml(input.footnote)}</p>
</td></tr></table>
<p style="font-size:12px;color:#94a3b8">${PRODUCT} · staff rotas and shift scheduling</p>
</td></tr></table></body></html>`;
  const text = [
    PRODUCT,
    '',
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    `${input.actionLabel}: ${input.url}`,
    '',
    input.footnote,
  ].join('\n');
  return { subject: input.subject, html, text };
}

export function signInEmail(url: string, expiresInMinutes: number): EmailContent {
  return actionEmail({
    subject: `Your ${PRODUCT} sign-in link`,
    heading: `Sign in to ${PRODUCT}`,
    paragraphs: [
      `Use the button below to sign in. The link works once and expires in ${expiresInMinutes} minutes.`,
    ],
    actionLabel: `Sign in to ${PRODUCT}`,
    url,
    footnote:
      'If you did not ask to sign in, you can ignore this email: nobody can sign in without the link.',
  });
}

export function verifyNewEmailEmail(url: string, newEmail: string, expiresInHours: number): EmailContent {
  return actionEmail({
    subject: `Verify your new ${PRODUCT} email address`,
    heading: 'Verify your new email address',
    paragraphs: [
      `Someone asked to use ${newEmail} to sign in to ${PRODUCT}. Verify this address to continue; we will then ask the current address to confirm the change.`,
      `The link expires in ${expiresInHours} hours.`,
    ],
    actionLabel: 'Verify this address',
    url,
    footnote: 'If you did not ask for this, ignore this email and nothing will change.',
  });
}

/**
 * Sent instead of a verification link when someone asks to move their account to an address that
 * already has an account: the asker is told nothing either way, the address's owner is told here.
 */
export function addressInUseEmail(loginUrl: string): EmailContent {
  return actionEmail({
    subject: `This address already has a ${PRODUCT} account`,
    heading: 'This address already has an account',
    paragraphs: [
      `Someone asked to move another ${PRODUCT} account to this email address. This address already has its own ${PRODUCT} account, so nothing was changed.`,
      'If it was you, sign in with this address instead, or use another address for the other account.',
    ],
    actionLabel: `Sign in to ${PRODUCT}`,
    url: loginUrl,
    footnote: 'If you did not ask for this, ignore this email: your account is unchanged.',
  });
}

export function confirmEmailChangeEmail(url: string, newEmail: string, expiresInHours: number): EmailContent {
  return actionEmail({
    subject: `Confirm the change of your ${PRODUCT} email address`,
    heading: 'Confirm your email change',
    paragraphs: [
      `Your ${PRODUCT} account is about to sign in with ${newEmail} instead of this address. Confirm to finish the change.`,
      `The link expires in ${expiresInHours} hours.`,
    ],
    actionLabel: 'Confirm the change',
    url,
    footnote: 'If you did not ask for this, do not confirm: sign in and cancel the change in Settings.',
  });
}

export function invitationEmail(input: {
  url: string;
  teamName: string;
  inviterName: string;
  expiresInDays: number;
}): EmailContent {
  return actionEmail({
    subject: `${input.inviterName} invited you to ${input.teamName} on ${PRODUCT}`,
    heading: `Join ${input.teamName} on ${PRODUCT}`,
    paragraphs: [
      `${input.inviterName} added you to the rota of ${input.teamName}. Accept the invitation to see your shifts.`,
      `After accepting, sign in with this email address. The invitation expires in ${input.expiresInDays} days.`,
    ],
    actionLabel: 'Accept invitation',
    url: input.url,
    footnote: 'If you were not expecting this, you can ignore this email.',
  });
}

export function shiftChangedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  change: 'added' | 'changed' | 'removed';
  before: string | null;
  after: string | null;
}): EmailContent {
  const lines =
    input.change === 'added'
      ? [`A shift was added to your published schedule: ${input.after}.`]
      : input.change === 'removed'
        ? [`A shift was removed from your published schedule: ${input.before}.`]
        : [`One of your published shifts changed.`, `Before: ${input.before}`, `Now: ${input.after}`];
  return actionEmail({
    subject: `Your ${input.teamName} schedule changed`,
    heading: `Hi ${input.firstName}, your schedule changed`,
    paragraphs: lines,
    actionLabel: 'See your schedule',
    url: input.url,
    footnote: `You get this email because ${input.teamName} uses ${PRODUCT} for its rota.`,
  });
}

export function weekUpdatedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  weekLabel: string;
}): EmailContent {
  return actionEmail({
    subject: `The ${input.teamName} schedule for ${input.weekLabel} was updated`,
    heading: `Hi ${input.firstName}, the schedule was updated`,
    paragraphs: [`The schedule for the week of ${input.weekLabel} has changed. Check your shifts.`],
    actionLabel: 'See the schedule',
    url: input.url,
    footnote: `You get this email because ${input.teamName} uses ${PRODUCT} for its rota.`,
  });
}

/** To each administrator of the team when a request arrives (issue 13). */
export function requestArrivedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  requesterName: string;
  summary: string;
  settingsUrl: string;
}): EmailContent {
  return actionEmail({
    subject: `${input.requesterName} sent a request for ${input.teamName}`,
    heading: `Hi ${input.firstName}, a request is waiting for you`,
    paragraphs: [`${input.requesterName} asks: ${input.summary}.`],
    actionLabel: 'Review the request',
    url: input.url,
    footnote: `You get this email because you run ${input.teamName} on ${PRODUCT}. Turn request emails off in Settings: ${input.settingsUrl}`,
  });
}

/** To the requester when their request is decided, with the reviewer's comment. */
export function requestDecidedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  decision: 'approved' | 'rejected';
  summary: string;
  comments: string | null;
  settingsUrl: string;
}): EmailContent {
  return actionEmail({
    subject: `Your ${input.teamName} request was ${input.decision}`,
    heading: `Hi ${input.firstName}, your request was ${input.decision}`,
    paragraphs: [
      `Your request (${input.summary}) was ${input.decision}.`,
      ...(input.comments ? [`Comment: ${input.comments}`] : []),
    ],
    actionLabel: 'See your requests',
    url: input.url,
    footnote: `You get this email because you sent a request on ${PRODUCT}. Turn request emails off in Settings: ${input.settingsUrl}`,
  });
}

/** To the owner and administrators when someone claims an open shift (issue 27). */
export function openShiftClaimedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  claimantName: string;
  summary: string;
  settingsUrl: string;
}): EmailContent {
  return actionEmail({
    subject: `${input.claimantName} claimed an open shift in ${input.teamName}`,
    heading: `Hi ${input.firstName}, a claim is waiting for you`,
    paragraphs: [`${input.claimantName} would like to work the open shift on ${input.summary}.`],
    actionLabel: 'Review the claim',
    url: input.url,
    footnote: `You get this email because you run ${input.teamName} on ${PRODUCT}. Turn request emails off in Settings: ${input.settingsUrl}`,
  });
}

/** To the claimant when their claim on an open shift is approved (the shift is theirs) or rejected. */
export function openShiftClaimDecidedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  decision: 'approved' | 'rejected';
  summary: string;
  settingsUrl: string;
}): EmailContent {
  return actionEmail({
    subject: `Your claim on an open shift in ${input.teamName} was ${input.decision}`,
    heading: `Hi ${input.firstName}, your claim was ${input.decision}`,
    paragraphs: [
      input.decision === 'approved'
        ? `The open shift on ${input.summary} is yours: it is on your schedule now.`
        : `Your claim on the open shift on ${input.summary} was not approved.`,
    ],
    actionLabel: 'See your schedule',
    url: input.url,
    footnote: `You get this email because you claimed an open shift on ${PRODUCT}. Turn request emails off in Settings: ${input.settingsUrl}`,
  });
}

/** To the colleague a swap or give-away names (issue 27): accept or decline before review. */
export function swapAskedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  requesterName: string;
  summary: string;
  settingsUrl: string;
}): EmailContent {
  return actionEmail({
    subject: `${input.requesterName} asks you about a shift in ${input.teamName}`,
    heading: `Hi ${input.firstName}, ${input.requesterName} asks you`,
    paragraphs: [
      `${input.requesterName} asks ${input.summary}.`,
      'Accept or decline it; once you accept, an administrator decides.',
    ],
    actionLabel: 'Answer the request',
    url: input.url,
    footnote: `You get this email because you are on ${input.teamName} on ${PRODUCT}. Turn request emails off in Settings: ${input.settingsUrl}`,
  });
}

/** To the colleague a swap or give-away named, when an administrator decides it (issue 27). */
export function swapDecidedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  requesterName: string;
  decision: 'approved' | 'rejected';
  summary: string;
  comments: string | null;
  settingsUrl: string;
}): EmailContent {
  return actionEmail({
    subject: `A shift change in ${input.teamName} was ${input.decision}`,
    heading: `Hi ${input.firstName}, ${input.requesterName}’s request was ${input.decision}`,
    paragraphs: [
      `${input.requesterName}’s request (${input.summary}) that you accepted was ${input.decision}.`,
      ...(input.comments ? [`Comment: ${input.comments}`] : []),
    ],
    actionLabel: 'See your requests',
    url: input.url,
    footnote: `You get this email because you are on ${input.teamName} on ${PRODUCT}. Turn request emails off in Settings: ${input.settingsUrl}`,
  });
}

/** To each support agent when a ticket is opened (issue 14). */
export function ticketOpenedEmail(input: {
  url: string;
  title: string;
  type: string;
  from: string;
  priority: boolean;
}): EmailContent {
  return actionEmail({
    subject: `${input.priority ? '[Pro] ' : ''}New ${input.type.toLowerCase()} ticket: ${input.title}`,
    heading: 'A new support ticket',
    paragraphs: [`${input.from} opened “${input.title}” (${input.type}).`],
    actionLabel: 'Open the ticket',
    url: input.url,
    footnote: `You get this email because you are a ${PRODUCT} support agent.`,
  });
}

/** To the user when support replies to their ticket. */
export function ticketReplyEmail(input: { url: string; title: string; firstName: string }): EmailContent {
  return actionEmail({
    subject: `Support replied: ${input.title}`,
    heading: `Hi ${input.firstName}, support replied to your ticket`,
    paragraphs: [`There is a new reply on “${input.title}”.`],
    actionLabel: 'Read the reply',
    url: input.url,
    footnote: `You get this email because you opened a support ticket on ${PRODUCT}.`,
  });
}

/** To the owner and each administrator (issue 44): a shift's member has not clocked in. */
export function noShowEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  staffName: string;
  summary: string;
  lateAfterMinutes: number;
}): EmailContent {
  return actionEmail({
    subject: `${input.staffName} has not clocked in for their shift in ${input.teamName}`,
    heading: `Hi ${input.firstName}, ${input.staffName} has not clocked in`,
    paragraphs: [
      `${input.staffName}'s shift on ${input.summary} started more than ${input.lateAfterMinutes} minutes ago, and they have not clocked in.`,
    ],
    actionLabel: 'See the day',
    url: input.url,
    footnote: `You get this email because you run ${input.teamName} on ${PRODUCT}. The minutes before a shift counts as missed are in the team's day settings.`,
  });
}

/** To a colleague the rule engine offers a sick call's shift (issue 44), with why them. */
export function sickCoverOfferedEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  summary: string;
  reason: string;
}): EmailContent {
  return actionEmail({
    subject: `Can you cover a shift in ${input.teamName}?`,
    heading: `Hi ${input.firstName}, a shift needs cover`,
    paragraphs: [
      `Someone called in sick for the shift on ${input.summary}. You are one of the colleagues who could take it: ${input.reason}.`,
      'The first to claim it gets it.',
    ],
    actionLabel: 'Claim the shift',
    url: input.url,
    footnote: `You get this email because you are on the staff of ${input.teamName} on ${PRODUCT}.`,
  });
}

/**
 * To the owner and each administrator (issue 44): a colleague's claim on a sick cover was approved at
 * once by the team's rule (`autoApproveSickCover`), so nobody needs to act; `sentence` is core's
 * `sickCoverTakenSentence` in the reader's clock.
 */
export function sickCoverTakenEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  coverName: string;
  sentence: string;
}): EmailContent {
  return actionEmail({
    subject: `${input.coverName} is covering a sick call in ${input.teamName}`,
    heading: `Hi ${input.firstName}, a sick call is covered`,
    paragraphs: [
      `${input.sentence}.`,
      'The team approves a sick cover’s first claim at once, so there is nothing to approve: the shift is in the schedule.',
    ],
    actionLabel: 'See the schedule',
    url: input.url,
    footnote: `You get this email because you run ${input.teamName} on ${PRODUCT}. Whether sick covers are approved at once is in the team's day settings.`,
  });
}

/** To the owner and each administrator (issue 44): a sick call's shift could be offered to nobody, and why. */
export function sickCoverNobodyEmail(input: {
  url: string;
  teamName: string;
  firstName: string;
  staffName: string;
  summary: string;
  why: string;
}): EmailContent {
  return actionEmail({
    subject: `Nobody can cover ${input.staffName}'s shift in ${input.teamName}`,
    heading: `Hi ${input.firstName}, a sick call needs you`,
    paragraphs: [
      `${input.staffName} called in sick for the shift on ${input.summary}. It is an open shift now, but the rules found nobody to offer it to.`,
      input.why,
    ],
    actionLabel: 'See the open shift',
    url: input.url,
    footnote: `You get this email because you run ${input.teamName} on ${PRODUCT}.`,
  });
}
