import { PUBLICATION } from '@newsroom/contract';
import { paths } from '../lib/paths.ts';

/** Fixed facts about the publication shown on the public pages. */
export const SITE = {
  name: PUBLICATION.name,
  tagline: 'News you can trust, from every desk',
  description:
    'Newsroom brings you the latest news on politics, business, technology, sports, entertainment, law & justice, crime, astrology and spiritual life.',
  address: '21 Press Enclave, Connaught Place, New Delhi 110001, India',
  email: 'contact@newsroom.example',
  phone: '+91 11 4000 2025',
} as const;

export interface SocialLink {
  name: string;
  href: string;
}

export const SOCIAL_LINKS: SocialLink[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'X (Twitter)', href: 'https://x.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
];

/** The footer's top categories, as the spec lists them. */
export const FOOTER_CATEGORIES = [
  { label: 'Law & Justice', to: paths.category('Law & Justice') },
  { label: 'Astrology', to: paths.category('Astrology') },
  { label: 'Spiritual', to: paths.category('Spiritual') },
  { label: 'Entertainment', to: paths.category('Entertainment') },
];
