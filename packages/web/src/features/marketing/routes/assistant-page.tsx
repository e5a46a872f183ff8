import { publicPage } from '@rotaboard/core/site/public-pages';
import { PageMeta } from '../../../components/page-meta';
import { FeaturePage } from '../components/feature-page';
import { Screenshot, SHOT_SIZES } from '../components/screenshot';

/**
 * The schedule assistant (issue 26), with screenshots of the real panel made by
 * packages/e2e/tests/site-images.spec.ts ("capture the assistant page’s screenshots"). It claims only
 * what the app does: the built-in assistant works without any AI key; a model is the operator's option.
 */
export function AssistantPage() {
  return (
    <>
      <PageMeta {...publicPage('/assistant')} />
      <FeaturePage
        eyebrow="Schedule assistant"
        title="Change the rota by asking"
        pro
        intro="Tell the schedule assistant what you need in plain English. It proposes the changes, checked against your rules, and you accept or reject each one."
        shot={{
          name: 'assistant-panel',
          alt: 'The schedule assistant beside the week: “Give Ava Monday and Tuesday 9 to 5 and move Ben’s Thursday shift to Friday” answered with three proposed changes, listed with Accept and Reject and drawn dashed in the week grid.',
          ...SHOT_SIZES.screen,
        }}
        sections={[
          {
            title: 'Plain English in',
            text: '“Give Ava Monday and Tuesday 9 to 5”, “Move Ben’s Friday shift to Saturday”, “Swap Ava and Ben on Wednesday”, “Clear Friday”, “Note on Friday: stocktake” — or ask a question: “Who works Saturday evening?”, “How many hours has Ben this week?”.',
          },
          {
            title: 'Changes you review',
            text: 'Nothing changes on its own. Each proposed change is listed beside the week and drawn dashed in it — a moved shift at its new place, with the old one marked. Accept or reject them one by one or all together, and undo what you accepted.',
          },
          {
            title: 'The same rules as you',
            text: 'Every change is checked before it is offered: clashes with other shifts, your staffing rules, locked days, people who have left. Accepting goes through the same checks as an edit by hand, and is recorded in the audit history with the conversation that asked for it.',
          },
          {
            title: 'Works without an AI key',
            text: 'A built-in assistant understands the everyday instructions and says so when it does not, with examples. Connect an OpenAI-compatible model for freer wording; the panel always says which one answered. Pro includes 300 messages a month per team.',
          },
        ]}
      >
        <section className="mx-auto grid max-w-5xl items-center gap-10 px-4 pb-16 sm:px-6 md:grid-cols-[1fr_18rem]">
          <div>
            <h2 className="text-xl font-semibold tracking-tight">On your phone too</h2>
            <p className="mt-2 leading-relaxed text-muted-foreground">
              On a phone the assistant opens as a sheet over the week, with the same conversation, the same
              proposed changes and the same Accept and Reject.
            </p>
          </div>
          <Screenshot
            name="assistant-phone"
            alt="The schedule assistant as a sheet on a phone, listing proposed changes with Accept and Reject above the message box."
            {...SHOT_SIZES.phone}
            sizes="(min-width: 768px) 18rem, calc(100vw - 2rem)"
            className="mx-auto w-full max-w-[18rem]"
          />
        </section>
      </FeaturePage>
    </>
  );
}

export default AssistantPage;
