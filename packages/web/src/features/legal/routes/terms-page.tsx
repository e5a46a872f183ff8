import { publicPage } from '@rotaboard/core/site/public-pages';
import { LegalPage } from '../components/legal-page';

export function TermsPage() {
  return (
    <LegalPage
      title={publicPage('/terms').title}
      description={publicPage('/terms').description}
      updated="2026"
    >
      <section>
        <h2>The service</h2>
        <p>
          Rotaboard is a staff rota and shift-scheduling service provided by a limited company registered in
          the United Kingdom. By creating an account you agree to these terms.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <p>
          You sign in with a link sent to your email address, so keep access to that mailbox secure. You are
          responsible for what happens under your account and for the information you add about your staff.
        </p>
      </section>
      <section>
        <h2>Plans and payment</h2>
        <ul>
          <li>The Free plan has no time limit and needs no credit card.</li>
          <li>
            The Pro plan is billed monthly and can be cancelled at any time. Access continues to the end of
            the billing period; we do not give pro-rata refunds.
          </li>
        </ul>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>
          Don't use Rotaboard to break the law, to harm others, or to disrupt the service. We may suspend
          accounts that do.
        </p>
      </section>
      <section>
        <h2>Liability</h2>
        <p>
          We work hard to keep Rotaboard available and your data safe, but the service is provided as is.
          Always check important schedules with your team.
        </p>
      </section>
      <section>
        <h2>Governing law</h2>
        <p>These terms are governed by the law of England and Wales.</p>
      </section>
    </LegalPage>
  );
}

export default TermsPage;
