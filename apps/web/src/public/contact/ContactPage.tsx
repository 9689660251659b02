import { SITE, SOCIAL_LINKS } from '../site.ts';
import { ContactForm } from './ContactForm.tsx';

/** `/contact-us`: how to reach the newsroom, and the contact form. */
export function ContactPage() {
  return (
    <>
      <h1 className="text-3xl font-black tracking-tight text-slate-900">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Questions, tips or corrections? Write to us and the desk will get back to you.
      </p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <address className="space-y-5 not-italic">
          <div>
            <h2 className="text-sm font-bold tracking-wide text-slate-600 uppercase">Address</h2>
            <p className="mt-1 text-slate-900">{SITE.address}</p>
          </div>
          <div>
            <h2 className="text-sm font-bold tracking-wide text-slate-600 uppercase">Email</h2>
            <a href={`mailto:${SITE.email}`} className="mt-1 block text-red-700 underline">
              {SITE.email}
            </a>
          </div>
          <div>
            <h2 className="text-sm font-bold tracking-wide text-slate-600 uppercase">Phone</h2>
            <a
              href={`tel:${SITE.phone.replace(/\s+/g, '')}`}
              className="mt-1 block text-red-700 underline"
            >
              {SITE.phone}
            </a>
          </div>
          <div>
            <h2 className="text-sm font-bold tracking-wide text-slate-600 uppercase">Follow us</h2>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    className="text-red-700 underline"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {social.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </address>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <ContactForm />
        </div>
      </div>
    </>
  );
}
