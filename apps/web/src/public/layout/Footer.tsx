import { FOOTER_YEAR } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { FOOTER_CATEGORIES, SITE, SOCIAL_LINKS } from '../site.ts';

const linkClass =
  'rounded text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

/** The site footer: pages, top categories, social links and the year. */
export function Footer() {
  return (
    <footer className="mt-16 bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-black text-white">{SITE.name}</p>
          <p className="mt-2 max-w-xs">{SITE.tagline}.</p>
        </div>
        <nav aria-label="Site">
          <h2 className="font-semibold text-white">Newsroom</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={paths.home()} className={linkClass}>
                Home
              </a>
            </li>
            <li>
              <a href={paths.about()} className={linkClass}>
                About Us
              </a>
            </li>
            <li>
              <a href={paths.contact()} className={linkClass}>
                Contact Us
              </a>
            </li>
            <li>
              <a href={paths.category('Crime')} className={linkClass}>
                Crime
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Top categories">
          <h2 className="font-semibold text-white">Top categories</h2>
          <ul className="mt-3 space-y-2">
            {FOOTER_CATEGORIES.map((category) => (
              <li key={category.to}>
                <a href={category.to} className={linkClass}>
                  {category.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Follow us</h2>
          <ul className="mt-3 space-y-2">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  className={linkClass}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-slate-400 sm:px-6">
          © {FOOTER_YEAR} {SITE.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
