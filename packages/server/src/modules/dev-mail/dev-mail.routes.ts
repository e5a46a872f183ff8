import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The outbox holds working sign-in links, so only this machine may read it. */
function isLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** `/dev/mail` (a page) and `/dev/mail.json` (for tests): the dev outbox, newest first. */
export async function devMailRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request)) {
      return reply.status(404).send({ message: 'Not found' });
    }
  });

  app.get('/dev/mail.json', { schema: { hide: true } }, async () => {
    const emails = await app.mailer.outbox(100);
    return emails.map(({ id, to, subject, text, html, links, createdAt }) => ({
      id,
      to,
      subject,
      text,
      html,
      links,
      createdAt: createdAt.toISOString(),
    }));
  });

  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const emails = await app.mailer.outbox(100);
    const items = emails
      .map(
        (email) => `<article>
  <header><strong>${escapeHtml(email.subject)}</strong><span>to ${escapeHtml(email.to)} · ${email.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</span></header>
  <ul>${email.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
  <details><summary>Plain text</summary><pre>${escapeHtml(email.text)}</pre></details>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev outbox · Rotaboard</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a;background:#f8fafc}
h1{font-size:1.4rem}article{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:1rem;margin:0 0 1rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between}header span{color:#64748b;font-size:.9rem}
a{color:#4338ca;word-break:break-all}pre{white-space:pre-wrap;font-size:.85rem}
</style></head><body>
<h1>Dev outbox</h1>
<p>Emails the server would have sent. This page exists only when <code>SMTP_URL</code> is unset, and answers only this machine.</p>
${items || '<p>No emails yet. Ask for a sign-in link on the <a href="/login">login page</a>.</p>'}
</body></html>`);
  });
}
