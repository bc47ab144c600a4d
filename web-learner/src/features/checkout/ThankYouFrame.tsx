import { Logo } from '../../components/Logo';
import { SupportContact } from '../../components/SupportContact';

/** The thank-you page's frame: the logo over one narrow column. */
export function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen px-4 py-8">
      <header className="mx-auto max-w-lg">
        <Logo />
      </header>
      <main className="mx-auto mt-8 max-w-lg">{children}</main>
    </div>
  );
}

/** A state the payment is in (waiting, expired, refunded...): its title, text, an action and the support contact. */
export function Notice({ title, text, action, support }: { title: string; text: string; action?: React.ReactNode; support?: boolean }) {
  return (
    <section className="card p-8 text-center" aria-labelledby="notice-title">
      <h1 id="notice-title" className="text-2xl font-bold text-white">
        {title}
      </h1>
      <p className="mt-3 text-slate-300">{text}</p>
      {support && <SupportContact />}
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
