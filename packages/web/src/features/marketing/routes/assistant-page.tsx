import { publicPage } from '@rotaboard/core/site/public-pages';
import { PageMeta } from '../../../components/page-meta';
import { FeaturePage } from '../components/feature-page';

/**
 * The schedule assistant is in the spec (§1) but not yet in the product: the page says what it will
 * do and that it is coming, and claims nothing that a visitor could not find in the app today.
 */
export function AssistantPage() {
  return (
    <>
      <PageMeta {...publicPage('/assistant')} />
      <FeaturePage
        eyebrow="Schedule assistant · coming soon"
        title="Change the rota by asking"
        pro
        intro="The schedule assistant is coming to the Pro plan: tell it what you need in plain English and it proposes the changes to your week, for you to review."
        sections={[
          {
            title: 'Plain English in',
            text: '“Move Sam’s Tuesday shift to Thursday” or “Give everyone on the late shift a 30-minute break” — the kind of instruction you would give a colleague.',
          },
          {
            title: 'Changes you review',
            text: 'Nothing changes on its own. The assistant shows each proposed change on the week; you accept or reject them one by one or all together.',
          },
          {
            title: 'The same rules as you',
            text: 'Proposals go through the same checks as changes made by hand — the schedule lock, your role in the team, conflicts with other edits — and are recorded in the audit history.',
          },
          {
            title: 'Available today',
            text: (
              <>
                Everything else on the rota works now: the drag-and-drop week builder, copying weeks, day view
                and live updates. See{' '}
                <a
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  href="/features/schedule"
                >
                  scheduling
                </a>
                .
              </>
            ),
          },
        ]}
      />
    </>
  );
}

export default AssistantPage;
