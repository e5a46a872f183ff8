import { planOf } from '@rotaboard/core/plans/plan-limits';
import { publicPage } from '@rotaboard/core/site/public-pages';
import { LegalPage } from '../components/legal-page';

export function PrivacyPage() {
  return (
    <LegalPage
      title={publicPage('/privacy').title}
      description={publicPage('/privacy').description}
      updated="2026"
    >
      <section>
        <h2>Who we are</h2>
        <p>
          Rotaboard is operated by a limited company registered in the United Kingdom. We are the controller
          of the personal data described here.
        </p>
      </section>
      <section>
        <h2>What we store</h2>
        <ul>
          <li>Your name and email address, so you can sign in and your team can recognise you.</li>
          <li>The teams, staff lists and schedules you and your colleagues create.</li>
          <li>A record of changes to schedules and staff, so administrators can see who changed what.</li>
        </ul>
      </section>
      <section>
        <h2>How you sign in</h2>
        <p>
          We never ask for a password. When you sign in we email you a link that works once and expires after
          15 minutes. Opening it starts a session on that device.
        </p>
      </section>
      <section>
        <h2>Cookies and local storage</h2>
        <p>
          We use one cookie, to keep you signed in. Your browser also remembers your preferences, such as the
          theme, region and selected team. We do not use advertising or tracking cookies.
        </p>
      </section>
      <section>
        <h2>Where your data lives</h2>
        <p>
          Your data is stored in the European Union. We share it only with the services we need to run
          Rotaboard, such as our email and payment providers, and never sell it.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <ul>
          <li>Your account, teams and schedules, for as long as you use Rotaboard.</li>
          <li>
            The history of changes (the audit report): {planOf('free').auditReportDays} days on the Free plan,
            two years on Pro.
          </li>
          <li>Sign-in links: they stop working after 15 minutes, or once used.</li>
        </ul>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can see and correct your details in Settings at any time, and ask us for a copy of your data or
          for its deletion through support.
        </p>
      </section>
    </LegalPage>
  );
}

export default PrivacyPage;
